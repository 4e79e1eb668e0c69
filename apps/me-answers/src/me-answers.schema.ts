import { ANSWER_PRIVACIES, type AnswerData, type ModerationState } from '@mepedia/contracts';
import { circleMembershipsTable, removedMembersTable } from '@mepedia/server-database';
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
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

export const meAnswersSchema = pgSchema('me_answers');

/** The fixed questionnaire, in both languages: data, written by a migration (questionnaire/). */
export const questions = meAnswersSchema.table(
  'questions',
  {
    questionId: text('question_id').primaryKey(),
    /** 1..10: the order members answer in. */
    position: integer('position').notNull(),
    titleEn: text('title_en').notNull(),
    titleHe: text('title_he').notNull(),
    promptEn: text('prompt_en').notNull(),
    promptHe: text('prompt_he').notNull(),
  },
  (table) => [unique('questions_position_key').on(table.position)],
);

export const subQuestions = meAnswersSchema.table(
  'sub_questions',
  {
    subQuestionId: text('sub_question_id').primaryKey(),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.questionId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    textEn: text('text_en').notNull(),
    textHe: text('text_he').notNull(),
  },
  (table) => [unique('sub_questions_position_key').on(table.questionId, table.position)],
);

/** A member's answer to one question: its draft and live texts (libs/contracts answers.ts). */
export const answers = meAnswersSchema.table(
  'answers',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.questionId),
    draft: jsonb('draft').$type<AnswerData>().notNull(),
    /** Null until the first save. */
    live: jsonb('live').$type<AnswerData>(),
    /** Bumped by every change to the draft; a save must name the current one. */
    version: integer('version').notNull().default(0),
    /** Who may read the live answer (ANSWER_PRIVACIES; issue 34 added `circle` and `members`). */
    privacy: text('privacy', { enum: ANSWER_PRIVACIES }).notNull().default('public'),
    /** The member asked for it in the magazine (the posts service holds the post). */
    publishedAsPost: boolean('published_as_post').notNull().default(false),
    views: integer('views').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Where moderation leaves the answer (moderation.item.changed, issue 35): anything but
     * `visible` is its owner's alone, whatever its privacy. The owner's saves never touch it.
     */
    moderationState: text('moderation_state', { enum: ['visible', 'held', 'removed'] })
      .$type<ModerationState>()
      .notNull()
      .default('visible'),
    /** The moderation case of the last word (null while visible). */
    moderationCaseId: text('moderation_case_id'),
    /** When the moderation service said it (the event's occurredAt): an older word is stale. */
    moderationChangedAt: timestamp('moderation_changed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    unique('answers_user_question_key').on(table.userId, table.questionId),
    check(
      'answers_moderation_state_check',
      sql`${table.moderationState} in ('visible', 'held', 'removed')`,
    ),
    check(
      'answers_privacy_check',
      sql`${table.privacy} in ('public', 'private', 'circle', 'members')`,
    ),
    check('answers_views_check', sql`${table.views} >= 0`),
  ],
);

/** One row per viewer key and answer: a view counts once (like posts' views). */
export const answerViews = meAnswersSchema.table(
  'answer_views',
  {
    answerId: uuid('answer_id')
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.answerId, table.viewer] }),
    index('answer_views_viewer_idx').on(table.viewer),
  ],
);

/**
 * Who is in whose circle, as the circles service announces it (issue 34): who reads a member's
 * circle answers. With the members who left (by a digest), whom no late event writes back.
 */
export const circleMemberships = circleMembershipsTable(meAnswersSchema);
export const removedMembers = removedMembersTable(meAnswersSchema);

export const outbox = outboxTable(meAnswersSchema);

export type AnswerRow = typeof answers.$inferSelect;
