import {
  REACTION_COLLECTIONS,
  REACTION_NAMES,
  VIEW_PROPERTIES,
  type ReactionCollection,
  type ReactionName,
  type ViewProperty,
} from '@mepedia/contracts';
import {
  circleMembershipsTable,
  memberBlocksTable,
  moderatedItemsTable,
  removedMembersTable,
  subjectPrivacyTable,
  subjectsStartedTable,
} from '@mepedia/server-database';
import { outboxTable } from '@mepedia/server-queue';
import { sql, type SQL } from 'drizzle-orm';
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

export const reactionsSchema = pgSchema('reactions');

/**
 * `column in ('a', 'b')` from a contract's allow-list. The lists are our own constants, never
 * input; the migration freezes them, so a new value needs a new migration (a unit test checks
 * the latest one matches the contracts).
 */
function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}

const collection = () => text('collection').$type<ReactionCollection>().notNull();
const objectId = () => text('object_id').notNull();
const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

// ==========================================================================================
// Every row of likes, views and lotties has its counter row, changed in the same transaction:
// the counters equal the rows, exactly. Counters are never recomputed, so never write a row
// without its counter (or a counter without its rows).
// ==========================================================================================

/** One row per member who likes an object. */
export const likes = reactionsSchema.table(
  'likes',
  {
    collection: collection(),
    objectId: objectId(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.collection, table.objectId, table.userId] }),
    // A member's likes, newest first; and everything of a member who leaves.
    index('likes_user_idx').on(table.userId, table.collection, table.createdAt),
    check('likes_collection_check', oneOf(table.collection, REACTION_COLLECTIONS)),
  ],
);

/**
 * When the owner's last applied word on a member's like of an object was said (`occurredAt` of
 * `post.like.changed`; posts only): an older word arriving later (a retry) is not applied, so
 * the like here ends as the owner has it. Kept after an unlike, since that is a word too.
 */
export const likeVersions = reactionsSchema.table(
  'like_versions',
  {
    collection: collection(),
    objectId: objectId(),
    userId: uuid('user_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.collection, table.objectId, table.userId] }),
    // Everything of a member who leaves.
    index('like_versions_user_idx').on(table.userId),
    check('like_versions_collection_check', oneOf(table.collection, REACTION_COLLECTIONS)),
  ],
);

/** How many members like an object: the number of its `likes` rows. */
export const likeCounts = reactionsSchema.table(
  'like_counts',
  {
    collection: collection(),
    objectId: objectId(),
    likes: integer('likes').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.collection, table.objectId] }),
    check('like_counts_likes_check', sql`${table.likes} >= 0`),
  ],
);

/**
 * One row per viewer of an object and counter. `viewer` is a viewer key (`member:<id>` or
 * `visitor:<id>`, see `@ViewerKey()`).
 */
export const views = reactionsSchema.table(
  'views',
  {
    collection: collection(),
    objectId: objectId(),
    property: text('property').$type<ViewProperty>().notNull(),
    viewer: text('viewer').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.collection, table.objectId, table.property, table.viewer] }),
    index('views_viewer_idx').on(table.viewer),
    check('views_collection_check', oneOf(table.collection, REACTION_COLLECTIONS)),
    check('views_property_check', oneOf(table.property, VIEW_PROPERTIES)),
  ],
);

/** How many distinct viewers an object has, per counter: the number of its `views` rows. */
export const viewCounts = reactionsSchema.table(
  'view_counts',
  {
    collection: collection(),
    objectId: objectId(),
    property: text('property').$type<ViewProperty>().notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.collection, table.objectId, table.property] }),
    check('view_counts_views_check', sql`${table.views} >= 0`),
  ],
);

/** One row per member and reaction they left on an object (several names per object allowed). */
export const lotties = reactionsSchema.table(
  'lotties',
  {
    collection: collection(),
    objectId: objectId(),
    userId: uuid('user_id').notNull(),
    name: text('name').$type<ReactionName>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.collection, table.objectId, table.userId, table.name] }),
    index('lotties_user_idx').on(table.userId),
    check('lotties_collection_check', oneOf(table.collection, REACTION_COLLECTIONS)),
    check('lotties_name_check', oneOf(table.name, REACTION_NAMES)),
  ],
);

/** How many members left each reaction on an object: the number of its `lotties` rows. */
export const lottieCounts = reactionsSchema.table(
  'lottie_counts',
  {
    collection: collection(),
    objectId: objectId(),
    name: text('name').$type<ReactionName>().notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.collection, table.objectId, table.name] }),
    check('lottie_counts_count_check', sql`${table.count} >= 0`),
  ],
);

// ==========================================================================================
// What the reactions are about. Posts and me answers belong to other services; they announce
// each one's owner and privacy (post.privacy.changed, meAnswer.privacy.changed) and a post's
// deletion (post.deleted). A like, view or reaction is taken, and a count read, only on a
// subject the caller may read (docs/api/reactions.md, "Who may react").
// ==========================================================================================

/**
 * The latest word on a post or me answer (who owns it, who may read it, whether gone),
 * and members who left, by a digest of their id: the subjects read model feed-messages keeps
 * too (libs/server/database, subjects.ts), here in the reactions schema.
 */
export const subjectPrivacy = subjectPrivacyTable(reactionsSchema);
export const removedMembers = removedMembersTable(reactionsSchema);
/**
 * Who is in whose circle, as the circles service announces it (`circle.member.added`,
 * `circle.member.removed`): a circle post's or answer's likes, views, reactions and counts are
 * its owner's circle's too (libs/server/database, circles.ts).
 */
export const circleMemberships = circleMembershipsTable(reactionsSchema);
/**
 * When the service began to refuse subjects never announced, on an installation that had some
 * (see subjectsStartedTable): what existed before is taken on trust until announced.
 */
export const subjectsStarted = subjectsStartedTable(reactionsSchema);

/**
 * The moderation service's latest word on posts, answers, comments and profiles (issue 35,
 * `moderation.item.changed`; libs/server/database, moderated-items.ts), kept whether or not the
 * item is known here yet: the likes, views and reactions of a held or removed one are its
 * owner's alone, and nobody else adds one.
 */
export const moderatedItems = moderatedItemsTable(reactionsSchema);

/**
 * Who blocks whom (issue 35, `member.block.changed`; libs/server/database, blocks.ts): a member
 * adds no like or reaction to the posts, answers, profile or comments of someone they block, or
 * who blocks them. Mutes are kept as words come but change nothing here.
 */
export const memberBlocks = memberBlocksTable(reactionsSchema);

/**
 * Comments (feed messages) and what each is about, as the feed-messages service announces them
 * (feedMessage.changed): a reaction on a comment, and its counts, exist only for someone who may
 * read its subject (a post or me answer, in `subject_privacy`). The subject is the first word and
 * never changes; `deleted` is final. A comment with no row was never announced.
 */
export const commentSubjects = reactionsSchema.table(
  'comment_subjects',
  {
    commentId: text('comment_id').primaryKey(),
    subjectId: text('subject_id').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    /**
     * Who wrote it (issue 35: nobody a block stands between them and reacts to it), as its
     * creation announced it; null: announced without one (before issue 32), gone, or its author
     * left.
     */
    authorId: uuid('author_id'),
  },
  // A departed member's comments.
  (table) => [index('comment_subjects_author_idx').on(table.authorId)],
);

/**
 * Subjects taken on trust before their announcement arrived (a post made a moment ago): each
 * is checked again once the announcement should have come, and what was gathered on one never
 * announced goes (`sweepUnannounced`).
 */
export const unannouncedSubjects = reactionsSchema.table(
  'unannounced_subjects',
  {
    collection: collection(),
    subjectId: text('subject_id').notNull(),
    createdAt: createdAt(),
  },
  // The same id may be noted under two collections (a post's and an answer's): one note each.
  (table) => [primaryKey({ columns: [table.collection, table.subjectId] })],
);

/**
 * Events the service announces, written in the same transaction as the change: a post's like
 * given or taken back through `userLikes/toggleLike` (post.like.requested), for the posts
 * service, which owns post likes.
 */
export const outbox = outboxTable(reactionsSchema);
