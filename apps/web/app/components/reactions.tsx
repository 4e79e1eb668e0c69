import type { LottiesState, ReactionCollection, ReactionName } from '@mepedia/contracts';
import { numberFormat } from '../lib/dates';
import { REACTION_LABELS, REACTION_NAMES } from '@mepedia/contracts/browser';
import { ApiError } from '@mepedia/web-api';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { ReactionIcon } from './reaction-icons';
import { SignInPrompt } from './sign-in-prompt';
import { useToasts } from './toasts';

/** The state as it will be once a toggle of `name` lands: the caller's reaction on or off. */
export function toggled(state: LottiesState, name: ReactionName): LottiesState {
  const on = !state.mine.includes(name);
  return {
    counts: { ...state.counts, [name]: Math.max(0, state.counts[name] + (on ? 1 : -1)) },
    mine: on
      ? REACTION_NAMES.filter((other) => other === name || state.mine.includes(other))
      : state.mine.filter((other) => other !== name),
  };
}

/** Codes that mean "sign in first": the prompt, not an error toast. */
const SIGN_IN_FIRST = new Set(['MUST_BE_LOGGED_IN', 'AUTH_REQUIRED']);

/**
 * The five reactions under a post (or a me answer): each a toggle button with its count. Turning
 * one on plays its short animation (none under reduced motion or the accessibility toolbar's
 * "stop animations"). A guest who reacts is told to log in or register, in place.
 */
export function ReactionBar({
  collectionName,
  objectId,
  initial,
}: {
  collectionName: ReactionCollection;
  objectId: string;
  initial: LottiesState;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const toasts = useToasts();
  const [state, setState] = useState(initial);
  const [signInPrompt, setSignInPrompt] = useState<string | null>(null);
  // A counter per reaction: a new value restarts its animation (the icon is re-keyed).
  const [bursts, setBursts] = useState<Partial<Record<ReactionName, number>>>({});
  const pending = useRef(new Set<ReactionName>());
  const number = numberFormat(locale);

  // Another object on the same page component (client navigation): start from its own state.
  useEffect(() => {
    setState(initial);
    setSignInPrompt(null);
  }, [initial]);

  async function react(name: ReactionName) {
    if (pending.current.has(name)) return;
    pending.current.add(name);
    const before = state;
    const after = toggled(before, name);
    setState(after);
    if (after.mine.includes(name)) setBursts((all) => ({ ...all, [name]: (all[name] ?? 0) + 1 }));
    try {
      const answer = await api.lotties.toggleLike(collectionName, objectId, name);
      setState({ counts: answer.counts, mine: answer.mine });
      setSignInPrompt(null);
    } catch (error) {
      setState(before);
      if (error instanceof ApiError && SIGN_IN_FIRST.has(error.code)) {
        setSignInPrompt(error.message);
      } else {
        toasts.error(error instanceof ApiError ? error.message : t('error.text'));
      }
    } finally {
      pending.current.delete(name);
    }
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
              onClick={() => void react(name)}
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
