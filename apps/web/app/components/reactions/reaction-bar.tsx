import type { LottiesState, ReactionCollection, ReactionName } from '@mepedia/contracts';
import { REACTION_LABELS, REACTION_NAMES } from '@mepedia/contracts/browser';
import { ApiError } from '@mepedia/web-api';
import { reactionQueries } from '@mepedia/web-api/queries';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '../../lib/api';
import { numberFormat } from '../../lib/dates';
import { refusalWords } from '../../lib/refusal';
import { useI18n } from '../../lib/i18n';
import { ReactionIcon } from '../reaction-icons';
import { SignInPrompt } from '../sign-in-prompt';
import { useToasts } from '../toasts';
import { toggled } from './toggled';

/** Codes that mean "sign in first": the prompt, not an error toast. */
const SIGN_IN_FIRST = new Set(['MUST_BE_LOGGED_IN', 'AUTH_REQUIRED']);

/** What a reader sees before anyone reacted, or when the counts cannot be read right now. */
export const NO_REACTIONS: LottiesState = {
  counts: { heart: 0, clap: 0, laugh: 0, wow: 0, hug: 0 },
  mine: [],
};

/**
 * The five reactions under a post (or a me answer): each a toggle button with its count, read
 * from the query cache (the page's loader put them there). A toggle shows at once, the service's
 * answer sets the counts, and a failure takes it back. Turning one on plays its short animation
 * (none under reduced motion or the accessibility toolbar's "stop animations"). A guest who
 * reacts is told to log in or register, in place.
 */
export function ReactionBar({
  collectionName,
  objectId,
}: {
  collectionName: ReactionCollection;
  objectId: string;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const query = reactionQueries.state(api, collectionName, objectId);
  const key = query.queryKey;
  // The toggles on their way for this object (`reactionQueries` keeps the counts).
  const toggleKey = [...reactionQueries.all, 'toggle', collectionName, objectId] as const;
  const state = useQuery(query).data ?? NO_REACTIONS;
  const [signInPrompt, setSignInPrompt] = useState<string | null>(null);
  // A counter per reaction: a new value restarts its animation (the icon is re-keyed).
  const [bursts, setBursts] = useState<Partial<Record<ReactionName, number>>>({});
  const number = numberFormat(locale);

  // Another object on the same page component (client navigation): no prompt of the last one.
  useEffect(() => {
    setSignInPrompt(null);
  }, [objectId]);

  const toggle = useMutation({
    mutationKey: toggleKey,
    mutationFn: (name: ReactionName) => api.lotties.toggleLike(collectionName, objectId, name),
    onMutate: async (name) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key) ?? NO_REACTIONS;
      const after = toggled(before, name);
      queryClient.setQueryData(key, after);
      if (after.mine.includes(name)) setBursts((all) => ({ ...all, [name]: (all[name] ?? 0) + 1 }));
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(key, { counts: answer.counts, mine: answer.mine });
      setSignInPrompt(null);
    },
    onError: (error, name) => {
      // Taken back: the same toggle again, so another reaction that landed meanwhile stays.
      queryClient.setQueryData(key, (now) => toggled(now ?? NO_REACTIONS, name));
      if (error instanceof ApiError && SIGN_IN_FIRST.has(error.code))
        setSignInPrompt(error.message);
      // The refusal's words in the page's language (a block between the reader and the
      // author, issue 35: MEMBER_BLOCKED), as for any other.
      else void refusalWords(error, locale, t('error.text')).then(toasts.error);
    },
  });

  function react(name: ReactionName) {
    // One toggle of a reaction at a time: a second click waits for the first's answer.
    const pending = queryClient.isMutating({
      mutationKey: toggleKey,
      predicate: (mutation) => mutation.state.variables === name,
    });
    if (pending === 0) toggle.mutate(name);
  }

  return (
    <div className="reactions">
      <div className="reaction-bar" role="group" aria-label={t('reactions.group')}>
        {REACTION_NAMES.map((name) => {
          const mine = state.mine.includes(name);
          const label = REACTION_LABELS[name][locale];
          return (
            <button
              key={name}
              type="button"
              className={`reaction reaction-${name}`}
              aria-pressed={mine}
              data-reaction={name}
              title={label}
              onClick={() => react(name)}
            >
              <span
                className="reaction-figure"
                key={bursts[name] ?? 0}
                data-burst={bursts[name] ? '' : undefined}
              >
                <ReactionIcon name={name} />
              </span>
              <span className="visually-hidden">{label}</span>
              <span className="reaction-count">{number.format(state.counts[name])}</span>
            </button>
          );
        })}
      </div>
      {signInPrompt && <SignInPrompt message={signInPrompt} className="reaction-sign-in" />}
    </div>
  );
}
