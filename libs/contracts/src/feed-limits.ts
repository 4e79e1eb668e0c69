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
export const FEED_MESSAGE_SORTS = ['newest', 'oldest'] as const;
export type FeedMessageSort = (typeof FEED_MESSAGE_SORTS)[number];

// C0 and C1 controls except tab and line feed, and the bidirectional embedding, override and
// isolate controls (which can disguise what a text says: `name\u202Egnp.exe` reads as
// "nameexe.png"). Marks (LRM, RLM) are not among them: Hebrew mixed with Latin needs them.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const INVISIBLE_CONTROLS = new RegExp(INVISIBLE_CONTROL.source, 'g');

/** Whether a comment's text holds a character the comments service refuses (invisible controls). */
export function hasInvisibleControls(text: string): boolean {
  return INVISIBLE_CONTROL.test(text);
}

/**
 * The text without those characters, for a client to send what its member sees: pasted text
 * often carries them, and the member could not find them to take them out. The service itself
 * refuses them (UNSUPPORTED_CHARACTER) rather than change a text quietly.
 */
export function withoutInvisibleControls(text: string): string {
  return text.replace(INVISIBLE_CONTROLS, '');
}
