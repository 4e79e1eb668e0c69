import {
  circleMembershipsTable,
  memberBlocksTable,
  removedMembersTable,
} from '@mepedia/server-database';
import { outboxTable } from '@mepedia/server-queue';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The moderation service's tables (issue 35), all in one PostgreSQL schema (the file drizzle-kit
// reads). What it moderates it knows from the domain events of the services that own it (items);
// what it decides it announces through its outbox (moderation.item.changed,
// member.restriction.changed).
export const moderationSchema = pgSchema('moderation');

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Members as the users service announces them (`user.updated`): a name for the queue, the
 * language and address a statement of reasons is written in and to. `version` is the event's
 * `occurredAt`.
 */
export const members = moderationSchema.table('members', {
  userId: uuid('user_id').primaryKey(),
  fullname: text('fullname').notNull(),
  language: text('language').notNull(),
  email: text('email'),
  version: at('version').notNull(),
});

/** Members who left, by a digest of their id: a late event brings nobody back. */
export const removedMembers = removedMembersTable(moderationSchema);

/** Who is in whose circle: a reporter may report a circle item only from inside the circle. */
export const circleMemberships = circleMembershipsTable(moderationSchema);

/**
 * Everything that can be reported, as its owning service last announced it: posts
 * (`post.published`, `post.privacy.changed`, `post.deleted`), answers (`meAnswer.privacy.changed`),
 * comments (`feedMessage.changed`) and profiles (`user.updated`). `heardAt` is the newest event's
 * `occurredAt` that wrote the row. `state` is this service's own word (moderation.item.changed).
 */
export const items = moderationSchema.table(
  'items',
  {
    kind: text('kind', { enum: ['post', 'answer', 'comment', 'profile'] }).notNull(),
    itemId: text('item_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    audience: text('audience').notNull(),
    /**
     * Whose audience decides who may read it: its owner's, but a comment's is its post's or
     * answer's owner's (a comment is read by whoever reads its subject).
     */
    audienceOwnerId: uuid('audience_owner_id').notNull(),
    title: text('title'),
    excerpt: text('excerpt'),
    /** A comment's post or answer. */
    subjectId: text('subject_id'),
    /**
     * A questionnaire answer's question, and a magazine post's (made from that answer): what
     * joins an answer to its post, so a decision on one reaches the other.
     */
    questionId: text('question_id'),
    deleted: boolean('deleted').notNull().default(false),
    state: text('state', { enum: ['visible', 'held', 'removed'] })
      .notNull()
      .default('visible'),
    heardAt: at('heard_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.itemId] }),
    // A departure takes the member's items along.
    index('items_owner_idx').on(table.ownerId),
    // A post's or answer's new audience reaches its comments.
    index('items_subject_idx')
      .on(table.subjectId)
      .where(sql`${table.kind} = 'comment'`),
    // An answer's magazine post, and a post's answer.
    index('items_question_idx')
      .on(table.ownerId, table.questionId)
      .where(sql`${table.questionId} is not null`),
    check(
      'items_audience_check',
      sql`${table.audience} in ('public', 'private', 'circle', 'members')`,
    ),
  ],
);

/**
 * A case: one item's reports, from the first until a moderator closes it. At most one open case
 * per item; a report after closing opens a new one. `version` moves with every report and
 * decision, so a moderator acting on what they read is refused when something came since.
 */
export const cases = moderationSchema.table(
  'cases',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['post', 'answer', 'comment', 'profile'] }).notNull(),
    itemId: text('item_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
    version: integer('version').notNull().default(0),
    openedAt: at('opened_at').notNull(),
    closedAt: at('closed_at'),
    /** Hidden automatically (see `heldFor`), waiting for a moderator. */
    autoHeld: boolean('auto_held').notNull().default(false),
    /**
     * Why it was held automatically: `reports` by several members, or `firstLinks`, a new
     * member's first post or comment with a link, held by its own service as it was written.
     */
    heldFor: text('held_for', { enum: ['reports', 'firstLinks'] }),
    firstDecidedAt: at('first_decided_at'),
  },
  (table) => [
    uniqueIndex('cases_open_item_idx')
      .on(table.kind, table.itemId)
      .where(sql`${table.status} = 'open'`),
    // The queue: open cases, automatic holds first, oldest first; closed ones newest first.
    index('cases_queue_idx').on(table.status, table.autoHeld, table.openedAt, table.id),
    index('cases_closed_idx').on(table.status, table.closedAt, table.id),
    index('cases_owner_idx').on(table.ownerId),
  ],
);

/**
 * A member's report or anyone's notice (DSA article 16: `contact` is the sender's name and
 * address). `excerptThen` is what the item said when it was reported.
 */
export const reports = moderationSchema.table(
  'reports',
  {
    id: uuid('id').primaryKey(),
    caseId: uuid('case_id').notNull(),
    kind: text('kind', { enum: ['report', 'notice'] }).notNull(),
    reporterId: uuid('reporter_id'),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    /** The language the reporter is written to in. */
    language: text('language').notNull(),
    reason: text('reason').notNull(),
    words: text('words'),
    excerptThen: text('excerpt_then'),
    receivedAt: at('received_at').notNull(),
  },
  (table) => [
    // One report per member and case.
    uniqueIndex('reports_case_reporter_idx')
      .on(table.caseId, table.reporterId)
      .where(sql`${table.reporterId} is not null`),
    // A member's reports, newest first.
    index('reports_reporter_idx').on(table.reporterId, table.receivedAt, table.id),
    // The month's counts.
    index('reports_received_idx').on(table.receivedAt),
  ],
);

/**
 * Every decision: a moderator's (or an automatic hold's, `moderatorId` null) action on a case,
 * or an appeal's reversal. `ownerId` is whom it concerns: the statement of reasons goes to them.
 */
export const decisions = moderationSchema.table(
  'decisions',
  {
    id: uuid('id').primaryKey(),
    caseId: uuid('case_id'),
    kind: text('kind', { enum: ['post', 'answer', 'comment', 'profile'] }),
    itemId: text('item_id'),
    ownerId: uuid('owner_id').notNull(),
    action: text('action').notNull(),
    rule: text('rule'),
    statement: text('statement').notNull(),
    moderatorId: uuid('moderator_id'),
    automatic: boolean('automatic').notNull().default(false),
    /** An automatic hold's why (as its case's `heldFor`); null for a moderator's decision. */
    heldFor: text('held_for', { enum: ['reports', 'firstLinks'] }),
    suspendedUntil: at('suspended_until'),
    decidedAt: at('decided_at').notNull(),
    /** Set on the decision an appeal's reversal made: the decision it undid. */
    reverses: uuid('reverses'),
  },
  (table) => [
    index('decisions_owner_idx').on(table.ownerId, table.decidedAt, table.id),
    index('decisions_case_idx').on(table.caseId, table.decidedAt),
    index('decisions_decided_idx').on(table.decidedAt),
  ],
);

/** An author's appeal of a decision: once per decision, decided by another moderator. */
export const appeals = moderationSchema.table(
  'appeals',
  {
    id: uuid('id').primaryKey(),
    decisionId: uuid('decision_id').notNull().unique(),
    authorId: uuid('author_id').notNull(),
    words: text('words').notNull(),
    sentAt: at('sent_at').notNull(),
    status: text('status', { enum: ['open', 'upheld', 'reversed'] }).notNull(),
    decidedBy: uuid('decided_by'),
    decidedAt: at('decided_at'),
    statement: text('statement'),
  },
  (table) => [
    index('appeals_open_idx')
      .on(table.sentAt, table.id)
      .where(sql`${table.status} = 'open'`),
    index('appeals_sent_idx').on(table.sentAt),
  ],
);

/** What this service last said of a member's account (member.restriction.changed). */
export const restrictions = moderationSchema.table('restrictions', {
  userId: uuid('user_id').primaryKey(),
  suspendedUntil: at('suspended_until'),
  banned: boolean('banned').notNull().default(false),
  changedAt: at('changed_at').notNull(),
});

/** Every moderator action and automatic hold, never changed or deleted (issue 35, point 7). */
export const auditLog = moderationSchema.table(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    caseId: uuid('case_id'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    at: at('at').notNull(),
  },
  (table) => [index('audit_log_order_idx').on(table.at, table.id)],
);

/**
 * Who blocks or mutes whom (issue 35): this service's own word, written by the blocks routes and
 * announced as `member.block.changed` (libs/server/database blocks.ts has its SQL).
 */
export const memberBlocks = memberBlocksTable(moderationSchema);

/** Events the service announces, written in the same transaction as the decision. */
export const outbox = outboxTable(moderationSchema);
