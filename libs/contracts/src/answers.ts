import { z } from 'zod';

/**
 * The draft / live model shared by questionnaire answers (me-answers) and answers to a member's
 * private questions (private-questions).
 *
 * - `answerData` holds one text per sub-question, keyed by the sub-question's id.
 * - The **draft** is saved as the member types (autosave). Each save names the `version` it was
 *   based on; the server answers with the new one. A save based on an older version than the
 *   stored one is refused (`ANSWER_STALE`, 409) and changes nothing: a second tab or device never
 *   silently overwrites a newer draft.
 * - **Save** (`saveLive`) makes the sent texts both the draft and the live version.
 * - **Revert** (`revertDraft`) puts the draft back to the live version ("original").
 * - Only the owner ever sees a draft.
 */

/** Publishing a questionnaire answer to the magazine needs this many characters in one sub-answer. */
export const ME_PUBLISH_MIN_CHARS = 100;

/** One sub-answer's text: plain text, at most this many characters. */
export const SUB_ANSWER_MAX = 10_000;
/** A sub-question's id: short, stable, ASCII (e.g. `roots-1`). */
export const SUB_QUESTION_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

export const SubQuestionId = z
  .string({ error: 'INVALID_VALUE' })
  .regex(SUB_QUESTION_ID_PATTERN, 'INVALID_VALUE');

/** Texts by sub-question id. Unknown ids are refused by the service that knows the question. */
export const AnswerData = z
  .record(SubQuestionId, z.string({ error: 'INVALID_VALUE' }).max(SUB_ANSWER_MAX, 'TOO_LONG'), {
    error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'INVALID_VALUE'),
  })
  .describe(
    `One plain text per sub-question, keyed by the sub-question's id; each at most ${SUB_ANSWER_MAX} characters. Sub-questions left out are empty.`,
  );
export type AnswerData = z.infer<typeof AnswerData>;

/** The draft version a save was based on: 0 before the first save. */
export const AnswerVersion = z
  .number({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'INVALID_VALUE') })
  .int('INVALID_VALUE')
  .min(0, 'INVALID_VALUE')
  .max(2_147_483_647, 'INVALID_VALUE')
  .describe(
    'The draft `version` this save is based on (0 before the first save). A save based on an older version than the stored one is refused with ANSWER_STALE.',
  );

/** An answer's two versions, as its owner sees them. */
export const AnswerVersions = z.object({
  draft: AnswerData,
  /** null until the first save. */
  live: AnswerData.nullable(),
  /** Bumped by every change to the draft; send it back with the next save. */
  version: z.number().int(),
  /** True when the draft differs from the live version (unsaved changes). */
  hasUnsavedChanges: z.boolean(),
  updatedAt: z.string(),
});
export type AnswerVersions = z.infer<typeof AnswerVersions>;

/** Whether two answers hold the same texts (empty and missing sub-answers are the same). */
export function sameAnswers(a: AnswerData | null, b: AnswerData | null): boolean {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  for (const key of keys) if ((a?.[key] ?? '') !== (b?.[key] ?? '')) return false;
  return true;
}

/** Whether an answer says anything at all. */
export function hasText(answer: AnswerData | null): boolean {
  return Object.values(answer ?? {}).some((text) => text.trim().length > 0);
}

/**
 * The blanks a sub-answer's text is trimmed of for search: ASCII white space only, the set the
 * migrations give PostgreSQL's `btrim` (`E' \t\n\r\f\v'`), so that the service and its SQL
 * make the same text.
 */
const EDGE_BLANKS = /^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g;

/**
 * An answer's plain text as the search service indexes it (issue 36, `searchable.changed`): its
 * sub-answers in the order of `subQuestionIds` (the question's), each trimmed of blanks at its
 * ends, the empty ones left out, joined by a line break. Only what the member wrote, never the
 * sub-questions' words. Sub-answers are plain text already (`AnswerData`): nothing to convert.
 * Empty when the answer says nothing (or is null). The migrations that announce answers saved
 * before make the same in SQL; their tests compare the two.
 */
export function answerText(answer: AnswerData | null, subQuestionIds: readonly string[]): string {
  return subQuestionIds
    .map((id) => (answer?.[id] ?? '').replace(EDGE_BLANKS, ''))
    .filter((text) => text.length > 0)
    .join('\n');
}

/** Characters (code points, not UTF-16 units or bytes) of an answer's longest sub-answer. */
export function longestSubAnswer(answer: AnswerData | null): number {
  let longest = 0;
  for (const text of Object.values(answer ?? {}))
    longest = Math.max(longest, [...text.trim()].length);
  return longest;
}
