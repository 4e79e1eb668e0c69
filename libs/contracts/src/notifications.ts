import { z } from 'zod';

// ---------------------------------------------------------------------------
// Notifications (issue 32, our addition): what was done with a member's stories, comments and
// profile, grouped ("Noa and 3 others reacted to Where I come from"), kept by the
// notifications service. Rules and choices: docs/api/notifications.md.
// ---------------------------------------------------------------------------

/** The most groups one page carries. */
export const NOTIFICATIONS_PAGE_MAX = 50;
export const NOTIFICATIONS_PAGE_DEFAULT = 20;
/** The most actors a group names (the latest first); `actorCount` counts them all. */
export const NOTIFICATION_ACTORS_MAX = 3;

/**
 * What a group is about:
 * - `comment`: comments on the member's post or answer (one group per post or answer);
 * - `reply`: replies to the member's comment (one group per comment replied to);
 * - `reaction`: likes and reactions on the member's post or answer (one group per post or answer);
 * - `commentReaction`: likes and reactions on the member's comment (one group per comment);
 * - `follower`: members who began to follow the member (one group per day, UTC);
 * - `story`: a new story by a member the member follows (one group per story);
 * - `magazineAdded` / `magazineRemoved`: the member's answer went into, or left, the magazine
 *   by someone else's hand (one group per answer; no actor: the site did it). A member's own
 *   toggle tells no one; until moderators can (issue 35) these are never told, and the settings
 *   do not offer them (`EMAIL_CHOOSABLE_KINDS`).
 */
export const NOTIFICATION_KINDS = [
  'comment',
  'reply',
  'reaction',
  'commentReaction',
  'follower',
  'story',
  'magazineAdded',
  'magazineRemoved',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const NotificationActor = z.object({
  userId: z.string(),
  fullname: z.string().describe('Plain text: show it as text, never as markup.'),
  profileImage: z.string().nullable(),
});
export type NotificationActor = z.infer<typeof NotificationActor>;

export const NotificationSubject = z.object({
  kind: z.enum(['post', 'meAnswer']).describe('A post, or a questionnaire answer.'),
  id: z.string().describe('The post’s or answer’s id.'),
  title: z
    .string()
    .describe(
      'The post’s title, or the answered question’s title in the caller’s language: plain text.',
    ),
});
export type NotificationSubject = z.infer<typeof NotificationSubject>;

export const NotificationItem = z.object({
  id: z.string().describe('The group’s id: pass it to `markRead`.'),
  kind: NotificationKind,
  actors: z
    .array(NotificationActor)
    .describe(
      `Who did it, the latest first, at most ${NOTIFICATION_ACTORS_MAX}; empty for the magazine’s kinds.`,
    ),
  actorCount: z
    .number()
    .int()
    .describe('How many members are in the group (“Noa and 3 others”: 4).'),
  subject: NotificationSubject.nullable().describe(
    'The post or answer it is about; null for `follower`.',
  ),
  excerpt: z
    .string()
    .nullable()
    .describe(
      'Plain text: the latest comment or reply (`comment`, `reply`), the comment reacted to (`commentReaction`), the story’s beginning (`story`); else null.',
    ),
  link: z
    .string()
    .describe(
      'The path of its place in the site, without the language prefix: `/post/{id}`, `/post/{id}#comment-{commentId}`, `/me/{memberId}/{questionIndex}` (or `/me/{memberId}`), `/profile/{memberId}`.',
    ),
  read: z.boolean(),
  updatedAt: z.string().describe('When the group last changed (ISO 8601).'),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const NotificationListRequest = z.object({
  cursor: z
    .string()
    .max(200, 'INVALID_VALUE')
    .optional()
    .describe(
      'Pass `nextCursor` back for the next page; one the service did not make answers INVALID_CURSOR.',
    ),
  limit: z
    .number({ error: 'INVALID_VALUE' })
    .int('INVALID_VALUE')
    .min(1, 'INVALID_VALUE')
    .max(NOTIFICATIONS_PAGE_MAX, 'INVALID_VALUE')
    .optional()
    .describe(`At most ${NOTIFICATIONS_PAGE_MAX}; ${NOTIFICATIONS_PAGE_DEFAULT} when left out.`),
});
export type NotificationListRequest = z.input<typeof NotificationListRequest>;

export const UnreadCount = z.object({
  unread: z.number().int().describe('How many of the caller’s groups are unread.'),
  stamp: z
    .string()
    .describe(
      'The latest change the count includes: pass it to `markAllRead` as `upTo` so a group that changes after it stays unread.',
    ),
});
export type UnreadCount = z.infer<typeof UnreadCount>;

export const NotificationPage = UnreadCount.extend({
  notifications: z.array(NotificationItem).describe('The latest changed first.'),
  nextCursor: z.string().nullable().describe('Pass it back as `cursor`; null on the last page.'),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

export const MarkReadRequest = z.object({
  id: z.string({ error: 'FIELD_REQUIRED' }).max(100, 'INVALID_VALUE').describe('A group’s `id`.'),
});
export type MarkReadRequest = z.input<typeof MarkReadRequest>;

export const MarkAllReadRequest = z.object({
  upTo: z
    .string()
    .max(200, 'INVALID_VALUE')
    .optional()
    .describe(
      'The `stamp` the member last saw (of the list, the count or a stream event’s id): groups changed after it stay unread. Left out: all.',
    ),
});
export type MarkAllReadRequest = z.input<typeof MarkAllReadRequest>;

/**
 * The stream's events (`GET /api/notifications/stream`, server-sent events), by `event:` name;
 * each `data:` is one line of JSON. An event's `id:` is a point the stream had settled: a
 * reconnect with `Last-Event-ID` gets `reset`, then the groups changed after it (a group it
 * already had may come again), then the count.
 */
export const NOTIFICATION_STREAM_EVENTS = {
  /** A new or changed group (`NotificationItem`); one already shown is replaced by its `id`. */
  notification: 'notification',
  /** A group that went (its last actor took it back, left, or the subject went): `{ id }`. */
  removed: 'removed',
  /** The caller's unread count (`UnreadCount`): on connect, and after every change. */
  unread: 'unread',
  /**
   * `{}`: read the list again. First on a resumed stream: groups removed meanwhile are not
   * replayed, and past 50 changes the stream replays none.
   */
  reset: 'reset',
} as const;

export const NotificationRemoved = z.object({ id: z.string() });
export type NotificationRemoved = z.infer<typeof NotificationRemoved>;

/** The stream's own answer type: documents nothing (the events above are its body). */
export const NotificationStream = z.string().describe('A `text/event-stream`.');
