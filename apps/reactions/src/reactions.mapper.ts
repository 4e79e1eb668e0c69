import {
  REACTION_NAMES,
  type LottiesState,
  type ReactionCounts,
  type ReactionName,
} from '@mepedia/contracts';
import type { NameCount } from './reactions.repository';

/** Every reaction's count, 0 where the object has no counter row for it. */
export function toReactionCounts(rows: readonly NameCount[]): ReactionCounts {
  const counts = Object.fromEntries(REACTION_NAMES.map((name) => [name, 0])) as ReactionCounts;
  for (const { name, count } of rows) counts[name] = count;
  return counts;
}

/** The object's counts and the caller's own reactions, in display order. */
export function toLottiesState(
  rows: readonly NameCount[],
  mine: readonly ReactionName[],
): LottiesState {
  const own = new Set(mine);
  return {
    counts: toReactionCounts(rows),
    mine: REACTION_NAMES.filter((name) => own.has(name)),
  };
}
