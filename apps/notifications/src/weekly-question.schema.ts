import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  type PgSchema,
} from 'drizzle-orm/pg-core';

// The weekly question's tables (issue 32), put in the service's schema by notifications.schema.ts.

/**
 * A member's weekly question: their choice (state, weekday, hour, time zone, language) and when
 * the next one goes (`next_send_at`, UTC, computed from the choice: the sweep reads only this,
 * through the partial index, so it costs the members due now and not every member).
 */
export function weeklyQuestionSettingsTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'weekly_question_settings',
    {
      userId: uuid('user_id').primaryKey(),
      /** off | on | paused | finished (contracts' WeeklyQuestionState). */
      state: text('state').notNull(),
      /** 0 Sunday … 6 Saturday, on the member's calendar. */
      weekday: smallint('weekday').notNull(),
      hour: smallint('hour').notNull(),
      timeZone: text('time_zone').notNull(),
      language: text('language').notNull(),
      /** Set while `on`; null otherwise. */
      nextSendAt: timestamp('next_send_at', { withTimezone: true, mode: 'date' }),
      /** The coming week is skipped: `next_send_at` is the week after. */
      skipping: boolean('skipping').notNull().default(false),
      lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
      updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
        .notNull()
        .defaultNow(),
    },
    (table) => [
      index('weekly_question_due_idx')
        .on(table.nextSendAt)
        .where(sql`${table.state} = 'on'`),
    ],
  );
}

/**
 * What was sent: one row per member and week (the local date of the week's slot), so a week's
 * question is never sent twice, by two replicas or after a restart. `queued_at` is set once the
 * email job is in the worker's queue; a row still without it (the process died in between) is
 * handed to the queue again by the next sweep, under the same job id (the worker sends a job
 * once).
 */
export function weeklyQuestionSendsTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'weekly_question_sends',
    {
      userId: uuid('user_id').notNull(),
      /** The slot's date on the member's calendar, `YYYY-MM-DD`. */
      week: text('week').notNull(),
      questionId: text('question_id').notNull(),
      /** The email job as queued (its data), kept until it is queued. */
      job: text('job'),
      createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' })
        .notNull()
        .defaultNow(),
      queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }),
    },
    (table) => [
      primaryKey({ columns: [table.userId, table.week] }),
      index('weekly_question_sends_unqueued_idx')
        .on(table.createdAt)
        .where(sql`${table.queuedAt} is null`),
    ],
  );
}

/**
 * Which questions a member has answered, from me-answers' `meAnswer.answered` (a read model:
 * the service never reads me-answers' schema). `version` is the event's `occurredAt`.
 */
export function weeklyQuestionAnswersTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'weekly_question_answers',
    {
      userId: uuid('user_id').notNull(),
      questionId: text('question_id').notNull(),
      answered: boolean('answered').notNull(),
      version: timestamp('version', { withTimezone: true, mode: 'date' }).notNull(),
    },
    (table) => [primaryKey({ columns: [table.userId, table.questionId] })],
  );
}

/** The questionnaire, from me-answers' `questionnaire.changed` (the newest list replaces all). */
export function weeklyQuestionQuestionsTable<S extends string>(schema: PgSchema<S>) {
  return schema.table('weekly_question_questions', {
    questionId: text('question_id').primaryKey(),
    position: integer('position').notNull(),
    titleEn: text('title_en').notNull(),
    titleHe: text('title_he').notNull(),
    promptEn: text('prompt_en').notNull(),
    promptHe: text('prompt_he').notNull(),
    version: timestamp('version', { withTimezone: true, mode: 'date' }).notNull(),
  });
}

/**
 * Whose private questions the service has heard, and at which revision (the private-questions
 * service's count of the member's changes): a `privateQuestions.changed` with a higher one
 * replaces the member's rows below, an older one changes nothing. A row per member ever
 * announced, kept while their list is empty, so an old list arriving late cannot come back.
 */
export function weeklyQuestionPrivateListsTable<S extends string>(schema: PgSchema<S>) {
  return schema.table('weekly_question_private_lists', {
    userId: uuid('user_id').primaryKey(),
    revision: integer('revision').notNull(),
  });
}

/**
 * A member's own private questions with no answer yet (`privateQuestions.changed`): only their
 * owner's weekly email ever reads them. Deleted, answered or the member gone, the row goes.
 */
export function weeklyQuestionPrivateQuestionsTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'weekly_question_private_questions',
    {
      userId: uuid('user_id').notNull(),
      questionId: text('question_id').notNull(),
      /** Its place in the member's list: `/profile/edit-me-private/{position}`. */
      position: integer('position').notNull(),
      title: text('title').notNull(),
      /** The sub-questions' titles, in order: the email's prompt. */
      subQuestions: jsonb('sub_questions').$type<string[]>().notNull(),
    },
    (table) => [primaryKey({ columns: [table.userId, table.questionId] })],
  );
}
