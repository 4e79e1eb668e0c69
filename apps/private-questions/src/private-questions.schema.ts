import { AUDIENCES, type AnswerData, type PrivateSubQuestion } from '@mepedia/contracts';
import { circleMembershipsTable, removedMembersTable } from '@mepedia/server-database';
import { outboxTable } from '@mepedia/server-queue';
import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const privateQuestionsSchema = pgSchema('private_questions');

/**
 * One row per member who ever had a private question: the lock every change to their list or to
 * whether a question is answered takes first (insert, edit, delete, renumber, a live save), so two
 * at once take turns.
 */
export const members = privateQuestionsSchema.table('members', {
  userId: uuid('user_id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /**
   * Counts the member's announced changes (`privateQuestions.changed`), bumped under the lock
   * above: the notifications service keeps the highest, so events out of order converge.
   */
  revision: integer('revision').notNull().default(0),
});

/** A member's private question and its one answer (draft and live), seen by that member only. */
export const questions = privateQuestionsSchema.table(
  'questions',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => members.userId, { onDelete: 'cascade' }),
    // ========================================================================================
    // 1..n per owner, no gaps. Renumbering passes through negative values (see the repository),
    // so there is no check constraint on the sign; the unique index holds throughout.
    // ========================================================================================
    questionIndex: integer('question_index').notNull(),
    title: text('title').notNull(),
    /** In order: `[{ id, title }]`; an id stays with its position when the question changes. */
    subQuestions: jsonb('sub_questions').$type<PrivateSubQuestion[]>().notNull(),
    /** Texts by sub-question id (answers.ts). */
    draft: jsonb('draft').$type<AnswerData>().notNull().default({}),
    /** Null until the first saveLive. */
    live: jsonb('live').$type<AnswerData>(),
    /**
     * Who may read the live answer (issue 34): `private`, its owner only (every answer before
     * audiences), or `circle`, `members`, `public` as its owner chooses.
     */
    privacy: text('privacy', { enum: AUDIENCES }).notNull().default('private'),
    /** Bumped by every change to the draft; a save must name the current one. */
    answerVersion: integer('answer_version').notNull().default(0),
    answerUpdatedAt: timestamp('answer_updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /**
     * When the answer was first saved with text (issue 36: what search's "newest first" sorts
     * by); null until then, kept when it is emptied and written again. Answers saved before it
     * was kept have their last change's date (migration 0004).
     */
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('questions_owner_index_idx').on(table.ownerId, table.questionIndex),
    check('questions_answer_version_check', sql`${table.answerVersion} >= 0`),
    check(
      'questions_privacy_check',
      sql`${table.privacy} in ('private', 'circle', 'members', 'public')`,
    ),
    check('questions_sub_questions_check', sql`jsonb_typeof(${table.subQuestions}) = 'array'`),
  ],
);

export type QuestionRow = typeof questions.$inferSelect;

/**
 * Who is in whose circle, as the circles service announces it (issue 34): who reads a member's
 * circle answers. With the members who left (by a digest), whom no late event writes back.
 */
export const circleMemberships = circleMembershipsTable(privateQuestionsSchema);
export const removedMembers = removedMembersTable(privateQuestionsSchema);

/**
 * Events the service announces, written in the same transaction as the change:
 * privateQuestions.changed (a member's unanswered questions, for the weekly question) and
 * searchable.changed (an answer as the search service indexes it, issue 36).
 */
export const outbox = outboxTable(privateQuestionsSchema);
