import type { ItemModeration, ModeratedItemKind } from '@mepedia/contracts';
import { Ban, EyeOff } from 'lucide-react';
import { useI18n } from '../lib/i18n';
import { Icon } from './icon';
import { LocalizedLink } from './localized-link';

/**
 * The owner's own post, answer, comment or profile that moderation holds or removed (issue 35):
 * "Hidden from others while moderators review it" or "Removed by moderators: only you can see
 * it", and the way to the decisions, where the reasons are and the appeal. The services send
 * `moderation` to the owner alone (nobody else is shown such an item), so this draws nothing for
 * an item without it. A shared part, in the shell with its three strings: the reading pages load
 * no script more. Not a live region: it is there with the item.
 */
export function OwnModeration({
  moderation,
  kind,
  className,
}: {
  moderation: ItemModeration | undefined;
  kind: ModeratedItemKind;
  className?: string;
}) {
  const { t } = useI18n();
  if (!moderation) return null;
  const { state } = moderation;
  return (
    <p className={`own-moderation own-moderation-${state}${className ? ` ${className}` : ''}`}>
      <Icon icon={state === 'removed' ? Ban : EyeOff} size={18} />
      <span>
        {t(state === 'removed' ? 'ownModeration.removed' : 'ownModeration.held', { kind })}{' '}
        <LocalizedLink to="/moderation/decisions">{t('suspension.link')}</LocalizedLink>
      </span>
    </p>
  );
}

/**
 * The same on the owner's card of such a post, as a chip beside its audience: the whole card is
 * one link (the title's), so the way to the decisions is on the post's page, not here.
 */
export function OwnModerationBadge({ moderation }: { moderation: ItemModeration | undefined }) {
  const { t } = useI18n();
  if (!moderation) return null;
  const removed = moderation.state === 'removed';
  return (
    <span className={`audience-badge own-moderation-badge${removed ? ' is-removed' : ''}`}>
      <Icon icon={removed ? Ban : EyeOff} size={14} />
      {t(removed ? 'ownModeration.badge.removed' : 'ownModeration.badge.held')}
    </span>
  );
}
