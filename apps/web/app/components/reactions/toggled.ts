import type { LottiesState, ReactionName } from '@mepedia/contracts';
import { REACTION_NAMES } from '@mepedia/contracts/browser';

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
