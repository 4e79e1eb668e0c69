// The limits of comments (feed messages), with no zod: the web app's discussion counts with them
// on every post page (browser.ts), and the schemas in feed-messages.ts check them.

/** A message's text: 1 to this many characters once cleaned, counted as code points. */
export const FEED_MESSAGE_MAX = 2000;
/** A tag: at most this many characters once cleaned. */
export const FEED_MESSAGE_TAG_MAX = 64;
/** Messages per page of getMessages. */
export const FEED_MESSAGES_PAGE_SIZE = 20;
/** The largest `skip` getMessages accepts. */
export const FEED_MESSAGES_SKIP_MAX = 100_000;
/** The most rooms one getMessageCounts call counts (a list's page of stories). */
export const FEED_MESSAGE_COUNTS_MAX = 50;
export const FEED_MESSAGE_SORTS = ['newest', 'oldest'] as const;
export type FeedMessageSort = (typeof FEED_MESSAGE_SORTS)[number];
