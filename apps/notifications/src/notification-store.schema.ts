import { AUDIENCES } from '@mepedia/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type PgSchema,
} from 'drizzle-orm/pg-core';

// The notifications store (issue 32): one row per notification group per recipient, the actors
// that make it up, the read models it needs (what posts and answers are, who wrote which
// comment), the events already applied and the things taken back. Put in the service's schema
// by notifications.schema.ts.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Stamps and versions of groups (one sequence, so both order every change): the list's keyset
 * and the stream's event ids (a reconnect resumes after the version it last saw).
 */
export function notificationStampSequence<S extends string>(schema: PgSchema<S>) {
  return schema.sequence('notification_stamp');
}

/**
 * A notification group: one kind of thing done to one thing of the recipient's (`groupKey`, e.g.
 * `reaction:post:{id}`), its latest actors in `notification_actors`. `commentId` is the comment
 * a group is about (replies to it, reactions on it), or the latest comment of a `comment` group
 * (the link's anchor); `excerpt` what the group quotes when its actors do not (the comment
 * reacted to, the story's beginning).
 */
export function notificationGroupsTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'notification_groups',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      recipientId: uuid('recipient_id').notNull(),
      kind: text('kind').notNull(),
      groupKey: text('group_key').notNull(),
      /** The post or answer it is about; null for followers. */
      subjectId: text('subject_id'),
      commentId: text('comment_id'),
      excerpt: text('excerpt'),
      read: boolean('read').notNull().default(false),
      /** Taken when an actor joins: the list's order (the latest news first) and its keyset. */
      stamp: bigint('stamp', { mode: 'bigint' })
        .notNull()
        .default(sql`nextval('notifications.notification_stamp')`),
      /** Taken at every change (an actor joins or goes, read): what a stream resumes after. */
      version: bigint('version', { mode: 'bigint' })
        .notNull()
        .default(sql`nextval('notifications.notification_stamp')`),
      updatedAt: at('updated_at').notNull().defaultNow(),
      /**
       * When the group's news is due by email at once (a short grace after its first unsent
       * change, so a burst goes as one email and news read in the site meanwhile goes as none);
       * null when nothing is waiting, or the recipient takes this kind otherwise.
       */
      emailDueAt: at('email_due_at'),
      /**
       * The version the last email (at once or a digest) told of: news stamped after it is not
       * yet told (the stamp, not the version, moves with news: see `hasNews`).
       */
      emailedVersion: bigint('emailed_version', { mode: 'bigint' })
        .notNull()
        .default(sql`0`),
    },
    (table) => [
      uniqueIndex('notification_groups_recipient_key_idx').on(table.recipientId, table.groupKey),
      // The member's list, the latest news first; what changed after a version.
      index('notification_groups_recipient_stamp_idx').on(table.recipientId, table.stamp),
      index('notification_groups_recipient_version_idx').on(table.recipientId, table.version),
      // The unread count.
      index('notification_groups_unread_idx')
        .on(table.recipientId)
        .where(sql`not ${table.read}`),
      // What goes with a post or answer, and with a comment.
      index('notification_groups_subject_idx').on(table.subjectId),
      index('notification_groups_comment_idx').on(table.commentId),
      // The email sweep: the groups due now, through a partial index.
      index('notification_groups_email_due_idx')
        .on(table.emailDueAt)
        .where(sql`${table.emailDueAt} is not null`),
    ],
  );
}

/**
 * One actor's part in a group: `part` tells two parts of one actor apart (each reaction by name,
 * each comment by id; '' where an actor has one part). `excerpt` is a comment's words.
 */
export function notificationActorsTable<S extends string>(
  schema: PgSchema<S>,
  groups: ReturnType<typeof notificationGroupsTable>,
) {
  return schema.table(
    'notification_actors',
    {
      // A group that goes takes its actors along.
      groupId: uuid('group_id')
        .notNull()
        .references(() => groups.id, { onDelete: 'cascade' }),
      actorId: uuid('actor_id').notNull(),
      part: text('part').notNull(),
      excerpt: text('excerpt'),
      at: at('at').notNull(),
    },
    (table) => [
      primaryKey({ columns: [table.groupId, table.actorId, table.part] }),
      // A departed member's parts, and a deleted comment's.
      index('notification_actors_actor_idx').on(table.actorId),
      index('notification_actors_part_idx').on(table.part),
    ],
  );
}

/**
 * Posts and answers as their services announce them: owner, audience, title (an answer's in both
 * languages), deletion (final). `changedAt` is the latest announcement's `occurredAt`;
 * `storyTold` whether the publisher's followers were told of it (once).
 */
export function notificationSubjectsTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'notification_subjects',
    {
      subjectId: text('subject_id').primaryKey(),
      kind: text('kind').notNull(),
      ownerId: uuid('owner_id').notNull(),
      /** Who may read it (`Audience`, issue 34): who may be told of it. */
      audience: text('audience', { enum: AUDIENCES }).notNull(),
      /**
       * `audience <> 'public'`, as the release before audiences read and wrote it: kept equal to
       * `audience` by the database while that release may still run beside this one during an
       * upgrade (migration 0008's triggers); a later release drops it.
       */
      private: boolean('private').notNull().default(true),
      deleted: boolean('deleted').notNull().default(false),
      title: text('title').notNull().default(''),
      titleHe: text('title_he'),
      questionId: text('question_id'),
      excerpt: text('excerpt'),
      storyTold: boolean('story_told').notNull().default(false),
      /**
       * When the post was made (post.published's `createdAt`; null before issue 35 kept it): a
       * story a moderator lets out after a review hold is news only as long as a new one is.
       */
      madeAt: at('made_at'),
      changedAt: at('changed_at').notNull(),
    },
    (table) => [
      index('notification_subjects_owner_idx').on(table.ownerId),
      check(
        'notification_subjects_audience_check',
        sql`${table.audience} in ('private', 'circle', 'members', 'public')`,
      ),
    ],
  );
}

/** Comments as feed-messages announces them: what each is about, who wrote it, its words. */
export function notificationCommentsTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'notification_comments',
    {
      messageId: text('message_id').primaryKey(),
      subjectId: text('subject_id').notNull(),
      authorId: uuid('author_id'),
      excerpt: text('excerpt').notNull().default(''),
      /**
       * When `excerpt` was said (the word that set it: the comment written, or edited): a late
       * older word does not bring back an edited-away text. Null: not known yet.
       */
      excerptAt: at('excerpt_at'),
      deleted: boolean('deleted').notNull().default(false),
    },
    (table) => [index('notification_comments_author_idx').on(table.authorId)],
  );
}

/** Events already applied, by the envelope's id: the outbox delivers at least once. */
export function notificationEventsTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'notification_events',
    {
      eventId: text('event_id').primaryKey(),
      appliedAt: at('applied_at').notNull().defaultNow(),
    },
    (table) => [index('notification_events_applied_idx').on(table.appliedAt)],
  );
}

/**
 * The latest take-back of each thing done (an unlike, a reaction taken off, an unfollow), by
 * its `occurredAt`: events come at least once and in any order, so a like applied after its own
 * unlike is not news, and an unlike applied after a newer like takes nothing. `groupKey` is the
 * group the thing was in (`reaction:…`, `commentReaction:…`), or `follower` for a follow (an
 * unfollow takes the follower from every day's group). Gone with either member, and after a
 * week, with the applied events (an event comes within minutes).
 */
export function notificationTakeBacksTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'notification_take_backs',
    {
      recipientId: uuid('recipient_id').notNull(),
      groupKey: text('group_key').notNull(),
      actorId: uuid('actor_id').notNull(),
      part: text('part').notNull(),
      at: at('at').notNull(),
    },
    (table) => [
      // The lookup of one thing, and a departed recipient's records (its first column).
      primaryKey({ columns: [table.recipientId, table.groupKey, table.actorId, table.part] }),
      // A departed actor's records; those older than a week.
      index('notification_take_backs_actor_idx').on(table.actorId),
      index('notification_take_backs_at_idx').on(table.at),
    ],
  );
}
