import { envInt } from '@mepedia/server-config';
import LinkifyIt from 'linkify-it';
import tlds from 'tlds';

// ==========================================================================================
// Review holds (issue 35, point 4): a new member's first posts and first comments that carry a
// link wait for a moderator before anyone else reads them, the way forums keep link spam from
// new accounts out of sight. The service that owns the item decides when the item is written
// (so it is never shown, not even for the seconds an event takes), keeps it held under a case id
// it makes, and says so in the item's announcement; the moderation service opens that case.
// ==========================================================================================

/**
 * Links as people write them: addresses with a scheme (`https://…`), `www.` and bare domains
 * with any of the top-level domains there are (`cheap-pills.xyz/offer`: spam favours the newer
 * ones), in any script around them. Email addresses are not links here: a member may give
 * theirs. A word run into the next across a full stop that makes a domain ("the end.Next") is
 * taken for one: for a new member's first few items that only means a moderator looks.
 */
const links = new LinkifyIt().set({ fuzzyEmail: false }).tlds(tlds, true);

/** Whether `text` carries a link (see `links`). */
export function carriesLink(text: string | null | undefined): boolean {
  if (!text) return false;
  return (links.match(text) ?? []).some((match) => match.schema !== 'mailto:');
}

/**
 * The configuration of review holds, one value read by every service that writes posts or
 * comments: how many of a member's first posts, and of their first comments, wait for review
 * when they carry a link (0: none wait).
 */
export const reviewHoldsEnv = {
  MODERATION_REVIEW_FIRST_LINKS: envInt(3, 0),
};

/** Review holds as a service applies them. */
export type ReviewHolds = {
  /**
   * A member is new while fewer than this many of their posts (or, for comments, their
   * comments) are out for others to read: neither deleted nor held or removed by moderation.
   * 0 turns review holds off.
   */
  firstItems: number;
};

/** What a service does when nothing is configured: MODERATION_REVIEW_FIRST_LINKS's default. */
export const DEFAULT_REVIEW_HOLDS: ReviewHolds = { firstItems: 3 };

/**
 * Whether an item its author is writing waits for review: it carries a link (`linked`), and
 * fewer than `firstItems` of the author's items are out (`out`, asked only when it matters: it
 * answers the count, counting no further than the limit it is given).
 */
export async function needsReview(
  holds: ReviewHolds,
  linked: boolean,
  out: (limit: number) => Promise<number>,
): Promise<boolean> {
  if (holds.firstItems <= 0 || !linked) return false;
  return (await out(holds.firstItems)) < holds.firstItems;
}
