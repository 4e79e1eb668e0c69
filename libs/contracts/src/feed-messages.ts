import { z } from 'zod';
import {
  FEED_MESSAGE_COUNTS_MAX,
  FEED_MESSAGE_MAX,
  FEED_MESSAGE_SORTS,
  FEED_MESSAGE_TAG_MAX,
  FEED_MESSAGES_PAGE_SIZE,
  FEED_MESSAGES_SKIP_MAX,
} from './feed-limits';
import { ModerationState } from './events';
import { hasInvisibleControls } from './invisible-controls';
import { requiredError } from './zod-helpers';

// Comments ("feed messages") on posts and me answers, with one level of replies: the
// feed-messages service. Plain text only. See docs/api/feed-messages.md.

/** What a post, me answer or room id looks like: 1 to 64 letters, digits, `_` or `-`. */
export const FEED_OBJECT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const UUID_ANY_CASE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A member's text as stored: line breaks made `\n`, then trimmed. Never markup: `<b>` stays the
 * three characters it is. Invisible controls are refused, not removed (hasInvisibleControls).
 */
export function cleanFeedText(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

/** Characters as people count them: code points (a Hebrew letter or an emoji is one). */
function codePoints(text: string): number {
  return [...text].length;
}

export const FeedMessageText = z
  .string({ error: requiredError })
  .transform(cleanFeedText)
  .superRefine((text, context) => {
    const length = codePoints(text);
    if (hasInvisibleControls(text))
      context.addIssue({ code: 'custom', message: 'UNSUPPORTED_CHARACTER' });
    else if (length === 0) context.addIssue({ code: 'custom', message: 'FIELD_REQUIRED' });
    else if (length > FEED_MESSAGE_MAX) context.addIssue({ code: 'custom', message: 'TOO_LONG' });
  })
  .meta({
    minLength: 1,
    maxLength: FEED_MESSAGE_MAX,
    description: `Plain text, never markup: line breaks become \`\\n\`, the rest is trimmed; then 1 to ${FEED_MESSAGE_MAX} characters counted as code points (a Hebrew letter is one). Control characters other than tab and line feed, and the bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069), are refused: UNSUPPORTED_CHARACTER (a client may remove them before sending). Blank: FIELD_REQUIRED; too long: TOO_LONG. Returned exactly as stored: render it as text, links included.`,
  });

export const FeedMessageTag = z
  .string({ error: 'INVALID_VALUE' })
  .transform(cleanFeedText)
  .refine((tag) => !hasInvisibleControls(tag), 'UNSUPPORTED_CHARACTER')
  .refine((tag) => codePoints(tag) <= FEED_MESSAGE_TAG_MAX, 'TOO_LONG')
  .transform((tag) => (tag === '' ? null : tag))
  .optional()
  .describe(
    `A free label for the message (plain text, cleaned and checked as the message is, at most ${FEED_MESSAGE_TAG_MAX} characters); blank means none.`,
  );

/** A post's, me answer's or room's id, as its owning service gives it. */
export const FeedObjectId = z
  .string({ error: requiredError })
  .min(1, { message: 'FIELD_REQUIRED', abort: true })
  .regex(FEED_OBJECT_ID_PATTERN, 'INVALID_VALUE')
  // A UUID names the same object in either case; other ids are compared exactly.
  .transform((id) => (UUID_ANY_CASE.test(id) ? id.toLowerCase() : id));

/** A message's id (a UUID, any case). */
export const FeedMessageId = z
  .string({ error: requiredError })
  .min(1, { message: 'FIELD_REQUIRED', abort: true })
  .regex(UUID_ANY_CASE, 'INVALID_VALUE')
  .transform((id) => id.toLowerCase())
  .describe('A message’s id.');

export const SendFeedMessageRequest = z.object({
  message: FeedMessageText,
  parentMessageId: FeedMessageId.nullish().describe(
    'Makes the message a reply. A reply to a reply joins the top-level thread: the stored parent is the top-level message.',
  ),
  tag: FeedMessageTag.nullable(),
  feedRoomId: FeedObjectId.nullish().describe(
    'The room the message is listed in. Left out: the `postId`. A reply must be in its parent’s room.',
  ),
  postId: FeedObjectId.describe(
    'What is discussed: a post’s or a me answer’s id (1 to 64 letters, digits, `_` or `-`; not checked to exist).',
  ),
  randomIdentifier: z
    .string({ error: 'INVALID_VALUE' })
    .regex(/^[0-9a-f]{24}$/, 'INVALID_VALUE')
    .optional()
    .describe('Accepted for compatibility; ignored (a message is the signed-in member’s).'),
});
export type SendFeedMessageRequest = z.input<typeof SendFeedMessageRequest>;

export const EditFeedMessageRequest = z.object({
  messageId: FeedMessageId,
  message: FeedMessageText,
  parentMessageId: FeedMessageId.nullish().describe(
    'Accepted for compatibility; ignored: a message never moves to another thread.',
  ),
  tag: FeedMessageTag.nullable().describe(
    'A new tag; left out: the tag stays; null or blank: no tag.',
  ),
});
export type EditFeedMessageRequest = z.input<typeof EditFeedMessageRequest>;

export const GetFeedMessagesRequest = z.object({
  id: FeedObjectId.describe('The room (by default the post or me answer) whose messages to list.'),
  parentId: FeedMessageId.nullish().describe(
    'Left out: the top-level messages. Given: the replies of this message.',
  ),
  skip: z.coerce
    .number({ error: 'INVALID_VALUE' })
    .int('INVALID_VALUE')
    .min(0, 'INVALID_VALUE')
    .max(FEED_MESSAGES_SKIP_MAX, 'INVALID_VALUE')
    .optional()
    .describe(`How many messages to pass over (default 0); pages hold ${FEED_MESSAGES_PAGE_SIZE}.`),
  sort: z
    .enum(FEED_MESSAGE_SORTS, { error: 'INVALID_VALUE' })
    .optional()
    .describe(
      'newest or oldest first. Default: newest for top-level messages, oldest for replies (a conversation reads down).',
    ),
});
export type GetFeedMessagesRequest = z.input<typeof GetFeedMessagesRequest>;

/**
 * Where moderation left a member's own comment when it is not visible (our addition, issue 35):
 * held pending review or removed, shown to its author alone, with the case their notice names.
 */
export const OwnCommentModeration = z.object({
  state: ModerationState.exclude(['visible']),
  caseId: z.string(),
});
export type OwnCommentModeration = z.infer<typeof OwnCommentModeration>;

export const FeedMessage = z.object({
  messageId: z.string(),
  feedRoomId: z.string(),
  postId: z.string(),
  parentMessageId: z.string().nullable().describe('The top-level message of a reply; else null.'),
  authorId: z.string().nullable().describe('The author’s member id; null once deleted.'),
  message: z
    .string()
    .nullable()
    .describe('Plain text, to be shown as text (never as HTML); null once deleted.'),
  tag: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable().describe('When the text last changed; null if never.'),
  likes: z.number().int().describe('How many members like it.'),
  repliesCount: z.number().int().describe('How many replies it has (top-level messages only).'),
  deleted: z
    .boolean()
    .describe(
      'A deleted message kept as a placeholder because it has replies: no text, no author.',
    ),
  moderation: OwnCommentModeration.optional().describe(
    'Our addition (issue 35): only on the caller’s own message while moderation holds or removed it. Nobody else is shown such a message (a placeholder, as for a deleted one, where it has replies they may read).',
  ),
});
export type FeedMessage = z.infer<typeof FeedMessage>;

export const FeedMessagesPage = z.object({
  messages: z.array(FeedMessage),
  total: z
    .number()
    .int()
    .describe('How many messages the list has in all (placeholders of deleted ones included).'),
  count: z
    .number()
    .int()
    .describe(
      'The room’s messages, replies included, placeholders not: what getNumberOfMessages answers, read in the same call.',
    ),
  hasMore: z.boolean().describe('Whether a later page has more.'),
  likedByMe: z
    .array(z.string())
    .describe('The ids of this page’s messages the caller likes (always empty for a guest).'),
});
export type FeedMessagesPage = z.infer<typeof FeedMessagesPage>;

export const FeedMessagesCount = z.object({
  count: z
    .number()
    .int()
    .describe('Messages of the room, replies included, placeholders of deleted ones not.'),
});
export type FeedMessagesCount = z.infer<typeof FeedMessagesCount>;

/** Many rooms' counts at once (our addition): a list of stories shows each one's. */
export const GetFeedMessageCountsRequest = z.object({
  ids: z
    .array(FeedObjectId, { error: 'INVALID_VALUE' })
    .min(1, 'FIELD_REQUIRED')
    .max(FEED_MESSAGE_COUNTS_MAX, 'INVALID_VALUE')
    .describe(
      `The rooms (by default the posts or me answers) to count: 1 to ${FEED_MESSAGE_COUNTS_MAX} ids.`,
    ),
});
export type GetFeedMessageCountsRequest = z.input<typeof GetFeedMessageCountsRequest>;

export const FeedMessageCounts = z.object({
  counts: z
    .record(z.string(), z.number().int())
    .describe(
      'Each room’s count, as getNumberOfMessages gives it, by the id asked (a UUID in lower case). A room the caller may not read is left out.',
    ),
});
export type FeedMessageCounts = z.infer<typeof FeedMessageCounts>;

export const LikeFeedMessageRequest = z.object({ id: FeedMessageId });
export type LikeFeedMessageRequest = z.input<typeof LikeFeedMessageRequest>;

export const LikeFeedMessageResponse = z.object({
  liked: z.boolean().describe('Whether the caller likes the message after this call.'),
  likes: z.number().int().describe('How many members like the message.'),
});
export type LikeFeedMessageResponse = z.infer<typeof LikeFeedMessageResponse>;

export const DeleteFeedMessageResponse = z.object({
  deleted: z.literal(true),
  placeholder: z.boolean().describe('Whether a placeholder stays because the message has replies.'),
});
export type DeleteFeedMessageResponse = z.infer<typeof DeleteFeedMessageResponse>;
