import { followEdits, followQueries } from '@mepedia/web-api/queries';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserCheck, UserPlus } from 'lucide-react';
import { useRootData } from '../../root';
import { useApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { refusalWords } from '../../lib/refusal';
import { Icon } from '../icon';
import { LocalizedLink } from '../localized-link';
import { useToasts } from '../toasts';

/** Where a guest's Follow leads: registration, which says why (auth.reason.follow). */
export const GUEST_FOLLOW_PATH = '/auth?modal=register&reason=follow';

type Member = { id: string; name: string };

/**
 * Follow or stop following a member: a toggle (`aria-pressed`) named with the member's name,
 * "Follow" or "Following" as the reader sees it. Nothing on the member's own profile or card; a
 * guest gets a link to registration that says why. Needs the page's query cache. `batched`: the
 * page reads every card's counts in one call (`followQueries.states`), so this button asks for
 * none of its own and waits for that one.
 */
export function FollowButton({
  member,
  className,
  batched = false,
}: {
  member: Member;
  className?: string;
  batched?: boolean;
}) {
  const { t } = useI18n();
  const readerId = useRootData()?.user?.id ?? null;
  if (readerId === member.id) return null;
  const classes = `button button-secondary follow-button${className ? ` ${className}` : ''}`;
  if (!readerId)
    return (
      <LocalizedLink
        to={GUEST_FOLLOW_PATH}
        className={classes}
        aria-label={t('follow.name', { name: member.name })}
      >
        <Icon icon={UserPlus} size={18} />
        {t('follow.button')}
      </LocalizedLink>
    );
  return <FollowToggle member={member} readerId={readerId} className={classes} batched={batched} />;
}

function FollowToggle({
  member,
  readerId,
  className,
  batched,
}: {
  member: Member;
  readerId: string;
  className: string;
  batched: boolean;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  // Whether the reader follows the member: from the page's loader or its one call for every
  // card (batched), or asked for here.
  const counts = useQuery({ ...followQueries.counts(api, member.id), enabled: !batched }).data;
  const toggle = useMutation(followEdits.toggle(api, queryClient, member.id, readerId));
  const on = counts?.followedByMe ?? false;
  return (
    <button
      type="button"
      className={`${className}${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label={t(on ? 'follow.nameOn' : 'follow.name', { name: member.name })}
      // Not known yet (the counts are still on their way): nothing to toggle.
      disabled={!counts}
      onClick={() => {
        // One change at a time: a second click waits for the first one's answer.
        if (toggle.isPending) return;
        toggle.mutate(!on, {
          // The refusal's words in the page's language (MEMBER_BLOCKED, issue 35: a block
          // between the two), or that it failed.
          onError: (error) =>
            void refusalWords(error, locale, t('follow.failed')).then(toasts.error),
        });
      }}
    >
      <Icon icon={on ? UserCheck : UserPlus} size={18} />
      {t(on ? 'follow.buttonOn' : 'follow.button')}
    </button>
  );
}
