import { POST_PRIVACIES, type ModeratedItemKind, type ModerationState } from '@mepedia/contracts';
import { circleMembershipsTable, memberBlocksTable } from '@mepedia/server-database';
import { outboxTable } from '@mepedia/server-queue';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const postsSchema = pgSchema('posts');

export const posts = postsSchema.table(
  'posts',
  {
    id: uuid('id').primaryKey(),
    publisherId: uuid('publisher_id').notNull(),
    /** Set for a questionnaire answer published as a post. */
    questionId: text('question_id'),
    /**
     * The me answer a questionnaire post was made from (meAnswer.published's `meAnswerId`), so
     * moderation of the answer reaches its post (issue 35). Null on other posts, and on answers'
     * posts from before it was kept until their answer is announced again.
     */
    meAnswerId: uuid('me_answer_id'),
    title: text('title').notNull(),
    /** Sanitized HTML (see sanitize.ts). */
    content: text('content').notNull(),
    /**
     * The sanitizer version the content was cleaned with (sanitize.ts SANITIZER_VERSION); a
     * read cleans it again only when it is older, so a stricter policy reaches old posts.
     */
    contentSanitizer: integer('content_sanitizer').notNull().default(0),
    /** The content's text without markup: excerpts and the minimum length. */
    contentText: text('content_text').notNull(),
    image: text('image').notNull(),
    credit: text('credit').notNull(),
    /** Who may read it (POST_PRIVACIES; issue 34 added `circle` and `members`). */
    privacy: text('privacy', { enum: POST_PRIVACIES }).notNull(),
    destination: text('destination', { enum: ['profile', 'magazine'] }).notNull(),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The story's language, worked out by the database from its title and text whenever either
     * changes (so every way a post is written agrees): Hebrew when Hebrew letters outnumber Latin
     * ones (A–Z and the accented Latin letters), else English (no letters at all too). A
     * reader's language comes first in the magazine (getPosts `language`).
     */
    language: text('language', { enum: ['he', 'en'] })
      .notNull()
      .generatedAlwaysAs(
        sql`case when length(regexp_replace(title || ' ' || content_text, '[^\\u0590-\\u05FF]', '', 'g')) > length(regexp_replace(title || ' ' || content_text, '[^A-Za-z\\u00C0-\\u024F]', '', 'g')) then 'he' else 'en' end`,
      ),
    /**
     * Where moderation leaves the post (issue 35), from its decisions (`moderation_decisions`):
     * the post's own and, for a questionnaire post, its answer's; the stronger stands (removed
     * over held over visible). Anything but `visible` is its publisher's alone. A column of the
     * row, not a join, so every list keeps to its partial index (`moderation_state = 'visible'`
     * is in their predicates). The owner's edits never touch it.
     */
    moderationState: text('moderation_state', { enum: ['visible', 'held', 'removed'] })
      .$type<ModerationState>()
      .notNull()
      .default('visible'),
    /** The moderation case of the decision that stands (null while visible). */
    moderationCaseId: text('moderation_case_id'),
    /** When that decision was made (the event's occurredAt); null if never moderated. */
    moderationChangedAt: timestamp('moderation_changed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check(
      'posts_privacy_check',
      sql`${table.privacy} in ('public', 'private', 'circle', 'members')`,
    ),
    check('posts_destination_check', sql`${table.destination} in ('profile', 'magazine')`),
    check(
      'posts_moderation_state_check',
      sql`${table.moderationState} in ('visible', 'held', 'removed')`,
    ),
    check(
      'posts_counters_check',
      sql`${table.views} >= 0 and ${table.likes} >= 0 and ${table.shareCount} >= 0`,
    ),
    // Listing order is (created_at, id): one index per way a list is read. Those that serve
    // readers other than the publisher hold visible posts only (issue 35), so a page is still
    // read from the index alone, and a deep offset still skips index entries, not rows.
    index('posts_public_order_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`privacy = 'public' and moderation_state = 'visible'`),
    index('posts_magazine_order_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`privacy = 'public' and destination = 'magazine' and moderation_state = 'visible'`),
    // The magazine with the reader's language first: one part per language, each in order.
    index('posts_magazine_language_order_idx')
      .on(table.language, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`privacy = 'public' and destination = 'magazine' and moderation_state = 'visible'`),
    // Stories for every signed-in member: their own part of a member's lists (issue 34).
    index('posts_members_order_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`privacy = 'members' and moderation_state = 'visible'`),
    index('posts_publisher_order_idx').on(
      table.publisherId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // One post per member and questionnaire answer.
    uniqueIndex('posts_question_idx')
      .on(table.publisherId, table.questionId)
      .where(sql`question_id is not null`),
    index('posts_title_trgm_idx').using('gin', sql`lower(${table.title}) gin_trgm_ops`),
    // An answer's moderation finds the post made from it (issue 35).
    index('posts_me_answer_idx')
      .on(table.meAnswerId)
      .where(sql`me_answer_id is not null`),
  ],
);

/**
 * One row per viewer per post: a view counts once. `viewer` is a viewer key (`member:<id>` or
 * `visitor:<gateway's visitor id>`); rows from before keys may hold a guest's random identifier.
 */
export const postViews = postsSchema.table(
  'post_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.viewer] }),
    index('post_views_viewer_idx').on(table.viewer),
  ],
);

/** One row per viewer per post: a share counts once. `viewer` is a viewer key, as for views. */
export const postShares = postsSchema.table(
  'post_shares',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.viewer] }),
    index('post_shares_viewer_idx').on(table.viewer),
  ],
);

export const postLikes = postsSchema.table(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('post_likes_user_idx').on(table.userId),
  ],
);

/** Publishers as posts needs them (name, picture), kept from users' events: no call per post. */
export const publishers = postsSchema.table(
  'publishers',
  {
    userId: uuid('user_id').primaryKey(),
    fullname: text('fullname').notNull(),
    profileImage: text('profile_image'),
    /** Lower-case, no niqqud: author search. */
    searchName: text('search_name').notNull(),
    version: timestamp('version', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('publishers_search_trgm_idx').using('gin', sql`${table.searchName} gin_trgm_ops`),
  ],
);

/** Translations by (text hash, target language): the same text is never paid for twice. */
export const translations = postsSchema.table(
  'translations',
  {
    textHash: text('text_hash').notNull(),
    target: text('target').notNull(),
    source: text('source'),
    output: text('output').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.textHash, table.target] })],
);

/**
 * Characters sent to the translation provider per day (UTC): one row for the whole site (scope
 * `site`) and one per member (scope: a SHA-256 of their id, not the id). A reservation adds to
 * both in one transaction, each by an upsert that checks the budget in the same statement.
 */
export const translationUsage = postsSchema.table(
  'translation_usage',
  {
    day: date('day', { mode: 'string' }).notNull(),
    scope: text('scope').notNull(),
    used: integer('used').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.scope] }),
    check('translation_usage_used_check', sql`${table.used} >= 0`),
  ],
);

/**
 * The newest me-answers event applied per member and question: an older one arriving late
 * (events are handled four at a time) changes nothing.
 */
export const meAnswerEvents = postsSchema.table(
  'me_answer_events',
  {
    publisherId: uuid('publisher_id').notNull(),
    questionId: text('question_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.publisherId, table.questionId] })],
);

/**
 * The moderation service's decisions (moderation.item.changed, issue 35) on the items that make
 * posts: a post (`post`, by its id) and a questionnaire answer (`answer`, by the me answer's id,
 * whose post is made from it); and on a member's profile (`profile`, by the member's id), whose
 * name and picture are each post's byline: held or removed, the bylines go. The newest per item (`changed_at`, the event's time) stands; an
 * older one arriving late changes nothing. An answer's decision is kept whether or not its post
 * is here yet: events come out of order, and an answer held before it is put in the magazine
 * makes a post that is hidden from its first moment. The posts' own `moderation_state` is worked
 * out from these. A member who leaves takes their rows.
 */
export const moderationDecisions = postsSchema.table(
  'moderation_decisions',
  {
    kind: text('kind', { enum: ['post', 'answer', 'profile'] })
      .$type<Extract<ModeratedItemKind, 'post' | 'answer' | 'profile'>>()
      .notNull(),
    itemId: uuid('item_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    state: text('state', { enum: ['visible', 'held', 'removed'] })
      .$type<ModerationState>()
      .notNull(),
    caseId: text('case_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.itemId] }),
    index('moderation_decisions_owner_idx').on(table.ownerId),
    check('moderation_decisions_kind_check', sql`${table.kind} in ('post', 'answer', 'profile')`),
    check(
      'moderation_decisions_state_check',
      sql`${table.state} in ('visible', 'held', 'removed')`,
    ),
  ],
);

/**
 * Members who deleted their profile, by a SHA-256 of their id (not the id itself): a late
 * me-answers event for one of them must not bring a post back, and nothing here says who
 * they were.
 */
export const removedMembers = postsSchema.table('removed_members', {
  memberKey: text('member_key').primaryKey(),
  removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Who follows whom, as the notifications service announces it (follow.changed, issue 32): the
 * "From people you follow" list reads it. A row per pair ever announced, `following` as last
 * said: an unfollow stays as a row, so an older follow arriving late (`changedAt`) changes
 * nothing. A member who leaves takes their rows, both ways (user.deleted).
 */
export const follows = postsSchema.table(
  'follows',
  {
    followerId: uuid('follower_id').notNull(),
    followeeId: uuid('followee_id').notNull(),
    following: boolean('following').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    // The list reads a follower's rows (the key's prefix); a departure, a followee's.
    primaryKey({ columns: [table.followerId, table.followeeId] }),
    index('follows_followee_idx').on(table.followeeId),
  ],
);

/**
 * Who is in whose circle, as the circles service announces it (issue 34): a reader's circle
 * stories are those of the owners whose circles they are in (libs/server/database circles.ts).
 */
export const circleMemberships = circleMembershipsTable(postsSchema);

/**
 * Who blocks or mutes whom, as the moderation service announces it (member.block.changed, issue
 * 35; libs/server/database blocks.ts): a member's lists leave out the stories of members who
 * block them or whom they block, and of those they mute; a block also keeps each of the two from
 * liking the other's stories and from reading the other's that are not public.
 */
export const memberBlocks = memberBlocksTable(postsSchema);

/**
 * Posts still to be announced to the search service once (issue 36): migration 0019 listed every
 * member's post written before it, and search-backlog.ts announces each after the migrations
 * (searchable.changed, dated the epoch), its entry going in the same transaction. Empty once
 * done; a post written since announces itself.
 */
export const searchBacklog = postsSchema.table('search_backlog', {
  postId: uuid('post_id').primaryKey(),
});

export const outbox = outboxTable(postsSchema);

export type PostRow = typeof posts.$inferSelect;

/**
 * Posts being written (issue 33): a table of their own, never the posts table, so no list, feed,
 * count, the magazine, the sitemap or search can ever include one. Their author's alone. Every
 * field may still be unfinished; `version` goes up with each save, and a save based on another
 * version is refused (a second tab never overwrites a newer save).
 */
export const postDrafts = postsSchema.table(
  'post_drafts',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id').notNull(),
    title: text('title').notNull().default(''),
    /** Sanitized HTML, as a post's (sanitize.ts); empty while unwritten. */
    content: text('content').notNull().default(''),
    contentSanitizer: integer('content_sanitizer').notNull().default(0),
    /** The content's text without markup: the list's excerpt. */
    contentText: text('content_text').notNull().default(''),
    /** null until a picture is chosen. */
    image: text('image'),
    credit: text('credit').notNull().default(''),
    /** null until the author chooses: a post must say. */
    privacy: text('privacy', { enum: POST_PRIVACIES }),
    destination: text('destination', { enum: ['profile', 'magazine'] })
      .notNull()
      .default('profile'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'post_drafts_privacy_check',
      sql`${table.privacy} in ('public', 'private', 'circle', 'members')`,
    ),
    check('post_drafts_destination_check', sql`${table.destination} in ('profile', 'magazine')`),
    // The author's list, most recently changed first; a departure's delete and the cap's count.
    index('post_drafts_author_order_idx').on(
      table.authorId,
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export type PostDraftRow = typeof postDrafts.$inferSelect;
