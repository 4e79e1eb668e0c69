import type { QuestionnaireEntry } from './questions';

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The SQL that makes the questionnaire tables hold exactly `entries`: questions and
 * sub-questions upserted by id, sub-questions no longer listed removed. Written into a migration
 * when the questionnaire changes (see write-migration.ts), never run at start-up.
 */
export function questionnaireSql(entries: readonly QuestionnaireEntry[]): string {
  const statements: string[] = [];
  // Positions are unique: move the old ones out of the way before writing the new order.
  statements.push('UPDATE "me_answers"."questions" SET "position" = -"position";');
  statements.push('UPDATE "me_answers"."sub_questions" SET "position" = -"position";');
  for (const entry of entries) {
    statements.push(
      `INSERT INTO "me_answers"."questions" ("question_id", "position", "title_en", "title_he", "prompt_en", "prompt_he") VALUES (${[
        literal(entry.questionId),
        String(entry.index),
        literal(entry.title.en),
        literal(entry.title.he),
        literal(entry.prompt.en),
        literal(entry.prompt.he),
      ].join(
        ', ',
      )}) ON CONFLICT ("question_id") DO UPDATE SET "position" = excluded."position", "title_en" = excluded."title_en", "title_he" = excluded."title_he", "prompt_en" = excluded."prompt_en", "prompt_he" = excluded."prompt_he";`,
    );
    entry.subQuestions.forEach((sub, i) => {
      statements.push(
        `INSERT INTO "me_answers"."sub_questions" ("sub_question_id", "question_id", "position", "text_en", "text_he") VALUES (${[
          literal(sub.subQuestionId),
          literal(entry.questionId),
          String(i + 1),
          literal(sub.text.en),
          literal(sub.text.he),
        ].join(
          ', ',
        )}) ON CONFLICT ("sub_question_id") DO UPDATE SET "question_id" = excluded."question_id", "position" = excluded."position", "text_en" = excluded."text_en", "text_he" = excluded."text_he";`,
      );
    });
  }
  const subIds = entries.flatMap((entry) =>
    entry.subQuestions.map((sub) => literal(sub.subQuestionId)),
  );
  statements.push(
    `DELETE FROM "me_answers"."sub_questions" WHERE "sub_question_id" NOT IN (${subIds.join(', ')});`,
  );
  return `-- The questionnaire (apps/me-answers/src/questionnaire/questions.ts), written by\n-- write-migration.ts. Edit the data file and write a new migration; never edit this one.\n${statements.join('\n--> statement-breakpoint\n')}\n`;
}
