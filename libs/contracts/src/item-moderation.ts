import { z } from 'zod';
import { ModerationState } from './events';

/**
 * Where moderation left an item, told to its owner alone on their own read of it (issue 35, our
 * addition): `held` (hidden pending review) or `removed` by a moderator, and the moderation case
 * that says why (`caseId`, what the owner's notice links to). Absent while the item is visible;
 * never in anyone else's answer, since no one else reads such an item at all.
 */
export const ItemModeration = z
  .object({
    state: ModerationState.exclude(['visible']),
    caseId: z.string(),
  })
  .describe(
    'Our addition (issue 35): only on the owner’s own read of an item moderation holds or removed; hidden from everyone else.',
  );
export type ItemModeration = z.infer<typeof ItemModeration>;

/** `ItemModeration` from an item's stored state: undefined while it is visible. */
export function itemModerationOf(
  state: ModerationState,
  caseId: string | null,
): ItemModeration | undefined {
  if (state === 'visible') return undefined;
  return { state, caseId: caseId ?? '' };
}
