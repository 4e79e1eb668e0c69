import { z } from 'zod';
import { AnswerData, AnswerVersion, AnswerVersions, SUB_QUESTION_ID_PATTERN } from './answers';
import { Audience } from './audience';
import { requiredError } from './zod-helpers';

/** A member may keep this many private questions. */
export const PRIVATE_QUESTIONS_MAX = 50;
export const PRIVATE_QUESTION_TITLE_MIN = 5;
export const PRIVATE_QUESTION_TITLE_MAX = 200;
export const PRIVATE_SUB_QUESTIONS_MIN = 1;
export const PRIVATE_SUB_QUESTIONS_MAX = 8;
export const PRIVATE_SUB_QUESTION_TITLE_MIN = 5;
export const PRIVATE_SUB_QUESTION_TITLE_MAX = 300;

/** Characters as people count them: code points (a Hebrew letter or an emoji is one). */
function codePoints(text: string): number {
  return [...text].length;
}

/**
 * A question's text: trimmed, then `min` to `max` characters counted as code points. One issue
 * per field: FIELD_REQUIRED (missing or blank), CONTENT_TOO_SHORT or TOO_LONG.
 */
function questionText(min: number, max: number, what: string) {
  return z
    .string({ error: requiredError })
    .trim()
    .superRefine((text, context) => {
      const length = codePoints(text);
      if (length === 0) context.addIssue({ code: 'custom', message: 'FIELD_REQUIRED' });
      else if (length < min) context.addIssue({ code: 'custom', message: 'CONTENT_TOO_SHORT' });
      else if (length > max) context.addIssue({ code: 'custom', message: 'TOO_LONG' });
    })
    .meta({
      minLength: min,
      maxLength: max,
      description: `${what}: ${min} to ${max} characters once trimmed, counted as code points (a Hebrew letter is one). Too short: CONTENT_TOO_SHORT; too long: TOO_LONG.`,
    });
}

export const PrivateQuestionTitle = questionText(
  PRIVATE_QUESTION_TITLE_MIN,
  PRIVATE_QUESTION_TITLE_MAX,
  'The question (its topic)',
);
export const PrivateSubQuestionTitle = questionText(
  PRIVATE_SUB_QUESTION_TITLE_MIN,
  PRIVATE_SUB_QUESTION_TITLE_MAX,
  'A sub-question',
);

export const PrivateSubQuestionTitles = z
  .array(PrivateSubQuestionTitle, { error: requiredError })
  .min(PRIVATE_SUB_QUESTIONS_MIN, 'FIELD_REQUIRED')
  .max(PRIVATE_SUB_QUESTIONS_MAX, 'INVALID_VALUE')
  .describe(
    `${PRIVATE_SUB_QUESTIONS_MIN} to ${PRIVATE_SUB_QUESTIONS_MAX} sub-questions, in order. None: FIELD_REQUIRED; more: INVALID_VALUE; a field per sub-question is named \`subQuestions.<position>\` (from 0).`,
  );

/** A question's place in its owner's list: 1 to n, with no gaps. */
export const PrivateQuestionIndex = z
  .number({ error: requiredError })
  .int('INVALID_VALUE')
  .min(1, 'INVALID_VALUE')
  .max(2_147_483_647, 'INVALID_VALUE')
  .describe(
    'The question’s place in the member’s list, from 1. Deleting a question moves the ones after it up by one.',
  );

const QuestionId = z
  .string({ error: requiredError })
  .min(1, 'FIELD_REQUIRED')
  .max(64, 'INVALID_VALUE');

export const GetPrivateQuestionsRequest = z.object({
  userId: z
    .string({ error: 'INVALID_VALUE' })
    .max(64, 'INVALID_VALUE')
    .optional()
    .describe(
      'Whose questions: only the caller’s own may be read (another member’s: 403 FORBIDDEN). Left out: the caller’s.',
    ),
});
export type GetPrivateQuestionsRequest = z.input<typeof GetPrivateQuestionsRequest>;

export const InsertPrivateQuestionRequest = z.object({
  questionTitle: PrivateQuestionTitle,
  subQuestions: PrivateSubQuestionTitles,
});
export type InsertPrivateQuestionRequest = z.input<typeof InsertPrivateQuestionRequest>;

export const UpdatePrivateQuestionRequest = z.object({
  questionId: QuestionId.describe('The question’s `questionId`.'),
  questionTitle: PrivateQuestionTitle,
  subQuestions: PrivateSubQuestionTitles.describe(
    `${PRIVATE_SUB_QUESTIONS_MIN} to ${PRIVATE_SUB_QUESTIONS_MAX} sub-questions, in order. The one at each position keeps that position’s id (and its answer); positions past the new end are removed with their answers.`,
  ),
});
export type UpdatePrivateQuestionRequest = z.input<typeof UpdatePrivateQuestionRequest>;

export const PrivateQuestionIndexRequest = z.object({ questionIndex: PrivateQuestionIndex });
export type PrivateQuestionIndexRequest = z.input<typeof PrivateQuestionIndexRequest>;

/** Sent with an answer's saves: the question the client loaded, so a renumbered list is noticed. */
const LoadedQuestionId = z
  .string({ error: 'INVALID_VALUE' })
  .max(64, 'INVALID_VALUE')
  .optional()
  .describe(
    'The `questionId` the client loaded. If the question at `questionIndex` is no longer that one (a question before it was deleted meanwhile), the save is refused with ANSWER_STALE. Recommended.',
  );

export const SavePrivateAnswerRequest = z.object({
  questionIndex: PrivateQuestionIndex,
  questionId: LoadedQuestionId,
  answerData: AnswerData,
  version: AnswerVersion,
  privacy: Audience.optional().describe(
    'Who may read the saved (live) answer (our addition, issue 34): `private` (only me, the default), `circle`, `members` or `public`. Taken by saveLive only; left out, the answer keeps its audience.',
  ),
});
export type SavePrivateAnswerRequest = z.input<typeof SavePrivateAnswerRequest>;

export const RevertPrivateAnswerRequest = z.object({
  questionIndex: PrivateQuestionIndex,
  questionId: LoadedQuestionId,
  version: AnswerVersion,
});
export type RevertPrivateAnswerRequest = z.input<typeof RevertPrivateAnswerRequest>;

export const PrivateSubQuestion = z.object({
  id: z
    .string()
    .regex(SUB_QUESTION_ID_PATTERN)
    .describe('Stable while the sub-question keeps its position; answers are keyed by it.'),
  title: z.string(),
});
export type PrivateSubQuestion = z.infer<typeof PrivateSubQuestion>;

export const PrivateQuestion = z.object({
  questionId: z.string(),
  privacy: Audience.describe(
    'Who may read its saved answer (our addition, issue 34); `private` (only its owner) unless the owner chose another.',
  ),
  questionIndex: z.number().int(),
  questionTitle: z.string(),
  subQuestions: z.array(PrivateSubQuestion),
  answered: z
    .boolean()
    .describe(
      'Whether the question has a saved (live) answer with some text; a draft alone does not answer it (our addition).',
    ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PrivateQuestion = z.infer<typeof PrivateQuestion>;

export const PrivateQuestionsList = z.object({
  questions: z.array(PrivateQuestion).describe('In index order, 1 to n.'),
});
export type PrivateQuestionsList = z.infer<typeof PrivateQuestionsList>;

export const DeletePrivateQuestionResponse = z.object({
  deleted: z.literal(true),
  questions: z
    .array(PrivateQuestion)
    .describe('The member’s questions after the delete, renumbered 1 to n.'),
});
export type DeletePrivateQuestionResponse = z.infer<typeof DeletePrivateQuestionResponse>;

/** The member whose shared answers to read (our addition, issue 34). */
export const GetSharedAnswersRequest = z.object({
  userId: z
    .string({ error: 'FIELD_REQUIRED' })
    .min(1, 'FIELD_REQUIRED')
    .max(64, 'INVALID_VALUE')
    .describe('The member whose answers to read.'),
});
export type GetSharedAnswersRequest = z.input<typeof GetSharedAnswersRequest>;

/** A private question's saved answer, as a reader of its audience reads it. */
export const SharedPrivateAnswer = z.object({
  questionId: z.string(),
  questionIndex: z.number().int(),
  questionTitle: z.string(),
  subQuestions: z.array(PrivateSubQuestion),
  live: AnswerData.describe('The saved answer, texts by sub-question id (never the draft).'),
  privacy: Audience,
  updatedAt: z.string().describe('When the answer was last saved (ISO 8601).'),
});
export type SharedPrivateAnswer = z.infer<typeof SharedPrivateAnswer>;

export const SharedPrivateAnswers = z.object({
  answers: z
    .array(SharedPrivateAnswer)
    .describe(
      'In the owner’s order; only answers with some text the caller may read (the owner: all of them).',
    ),
});
export type SharedPrivateAnswers = z.infer<typeof SharedPrivateAnswers>;

/** A private question with its answer, as its owner (the only one who sees it) sees them. */
export const PrivateAnswer = z.object({
  question: PrivateQuestion,
  answer: AnswerVersions,
});
export type PrivateAnswer = z.infer<typeof PrivateAnswer>;
