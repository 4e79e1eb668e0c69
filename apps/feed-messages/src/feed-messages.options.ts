import { loadConfig } from '@mepedia/server-config';
import { reviewHoldsEnv, type ReviewHolds } from '@mepedia/server-platform';
import { z } from 'zod';

export type FeedMessagesOptions = {
  /** A new member's first comments with a link wait for review (issue 35). */
  reviewHolds: ReviewHolds;
};

export const feedMessagesEnv = z.object({ ...reviewHoldsEnv });

/** The feed-messages service's options, from the environment. */
export function loadFeedMessagesOptions(
  env: Record<string, string | undefined> = process.env,
): FeedMessagesOptions {
  const config = loadConfig('feed-messages', feedMessagesEnv, env);
  return { reviewHolds: { firstItems: config.MODERATION_REVIEW_FIRST_LINKS } };
}
