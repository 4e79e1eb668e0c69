import {
  circleMembershipsTable,
  memberBlocksTable,
  moderatedItemsTable,
  removedMembersTable,
  subjectPrivacyTable,
  subjectsStartedTable,
} from '@mepedia/server-database';
import { outboxTable } from '@mepedia/server-queue';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const feedMessagesSchema = pgSchema('feed_messages');

// ==========================================================================================
// Counters are columns, changed in the same transaction as the rows they count, and never
// recomputed: `likes` equals the message's `likes` rows, `replies_count` its replies. A
// placeholder of a deleted message (`deleted`) exists only while it has replies: whoever
// removes its last reply removes it too, in the same transaction.
// ==========================================================================================

/** A comment on a post or me answer (top level), or a reply to one (one level deep). */
export const messages = feedMessagesSchema.table(
  'messages',
  {
    id: uuid('id').primaryKey(),
    /** The list the message is in: the client's `feedRoomId`, by default the `postId`. */
    roomId: text('room_id').notNull(),
    postId: text('post_id').notNull(),
    /** Always a top-level message: replies are never more than one level deep. */
    parentId: uuid('parent_id').references((): AnyPgColumn => messages.id),
    /** Null only for a placeholder. */
    authorId: uuid('author_id'),
    /** Plain text; null only for a placeholder. */
    text: text('text'),
    tag: text('tag'),
    deleted: boolean('deleted').notNull().default(false),
    /**
     * Held or removed by moderation (issue 35): its author's alone. The moderation service's word
     * as `moderated_items` keeps it (with its state and case), copied here in the same
     * transaction as the word is applied (and when a message is written, from a word heard
     * first), so a page, a thread's replies and a room's count decide by a column, not a probe.
     */
    withheld: boolean('withheld').notNull().default(false),
    likes: integer('likes').notNull().default(0),
    repliesCount: integer('replies_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    // A room's top-level page, in either order, and its count.
    index('messages_room_top_idx')
      .on(table.roomId, table.createdAt, table.id)
      .where(sql`${table.parentId} is null`),
    // A thread's replies page and count; also the foreign key's index.
    index('messages_parent_idx').on(table.parentId, table.createdAt, table.id),
    // getNumberOfMessages: the room's messages that are not placeholders.
    index('messages_room_visible_idx')
      .on(table.roomId)
      .where(sql`not ${table.deleted}`),
    // A thread's replies moderation withholds (few): what its `repliesCount` is to others.
    index('messages_withheld_parent_idx')
      .on(table.parentId)
      .where(sql`${table.withheld}`),
    // Placeholders, to find one left without replies (see removeMember).
    index('messages_placeholders_idx')
      .on(table.id)
      .where(sql`${table.deleted}`),
    // Everything said about a post that is deleted.
    index('messages_post_idx').on(table.postId),
    // Everything of a member who leaves.
    index('messages_author_idx').on(table.authorId),
    check('messages_likes_check', sql`${table.likes} >= 0`),
    check('messages_replies_count_check', sql`${table.repliesCount} >= 0`),
    // One level of replies: a reply has none of its own.
    check('messages_depth_check', sql`${table.parentId} is null or ${table.repliesCount} = 0`),
    // A placeholder has no author or text; a message has both.
    check(
      'messages_deleted_check',
      sql`(${table.deleted} and ${table.authorId} is null and ${table.text} is null and ${table.likes} = 0)
        or (not ${table.deleted} and ${table.authorId} is not null and ${table.text} is not null)`,
    ),
  ],
);

/** One row per member who likes a message. */
export const likes = feedMessagesSchema.table(
  'likes',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.userId] }),
    index('likes_user_idx').on(table.userId),
  ],
);

export type MessageRow = typeof messages.$inferSelect;

/**
 * Who may see a post's or me answer's discussion, and whether it still exists: the posts and
 * me-answers services' word (`post.privacy.changed`, `meAnswer.privacy.changed`, `post.deleted`),
 * kept here so that a discussion is open to its subject's audience alone (issue 34: its owner,
 * the owner's circle, members, or everyone); and members who left, by a digest of their id. The
 * subjects read model reactions keeps too (libs/server/database, subjects.ts), here in the
 * feed_messages schema. A subject with no row is public.
 */
export const subjectPrivacy = subjectPrivacyTable(feedMessagesSchema);
export const removedMembers = removedMembersTable(feedMessagesSchema);
/**
 * Who is in whose circle, as the circles service announces it (`circle.member.added`,
 * `circle.member.removed`): the discussion of a circle post or answer is open to its owner's
 * circle (libs/server/database, circles.ts).
 */
export const circleMemberships = circleMembershipsTable(feedMessagesSchema);
/**
 * When the service began to refuse subjects never announced, on an installation that had some
 * (see subjectsStartedTable): what existed before is taken on trust until announced.
 */
export const subjectsStarted = subjectsStartedTable(feedMessagesSchema);

/**
 * The moderation service's latest word on posts, answers and comments (issue 35,
 * `moderation.item.changed`; libs/server/database, moderated-items.ts), kept whether or not the
 * item is known here yet: a held or removed comment is its author's alone, and a held or removed
 * post's or answer's discussion its owner's alone.
 */
export const moderatedItems = moderatedItemsTable(feedMessagesSchema);

/**
 * Who blocks whom (issue 35, `member.block.changed`; libs/server/database, blocks.ts): a member
 * and someone they block, or who blocks them, do not see each other's comments, and neither
 * writes in the other's discussions or to the other's comments. Mutes are kept as words come but
 * change nothing here: a discussion is not one's feed.
 */
export const memberBlocks = memberBlocksTable(feedMessagesSchema);

/**
 * Posts and me answers written about before their announcement arrived (made a moment ago):
 * each is checked again once the announcement should have come, and the messages about one
 * never announced go (FeedMessagesService.sweepUnannounced). Keyed by the id alone, unlike
 * reactions' (by collection and id): what is noted is always a message's `postId` (a post's or
 * answer's UUIDv7; never a room), and the sweep removes every message naming it as its `postId`,
 * whichever it is of, so one note per id covers both.
 */
export const unannouncedSubjects = feedMessagesSchema.table('unannounced_subjects', {
  subjectId: text('subject_id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Events the service announces, written in the same transaction as the change: each comment,
 * what it is about and its deletion (feedMessage.changed), for the reactions service.
 */
export const outbox = outboxTable(feedMessagesSchema);
