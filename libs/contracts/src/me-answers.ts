import { z } from 'zod';
import { AnswerData, AnswerVersion, AnswerVersions } from './answers';
import { ItemModeration } from './item-moderation';
import { requiredEnum } from './zod-helpers';

/**
 * Who may read a live answer: the spec's `public` (everyone) and `private` (only its author),
 * and our addition's `circle` (the author's circle) and `members` (anyone signed in), as for
 * posts (issue 34, `Audience`).
 */
export const ANSWER_PRIVACIES = ['public', 'private', 'circle', 'members'] as const;
export const AnswerPrivacy = requiredEnum(ANSWER_PRIVACIES);
export type AnswerPrivacy = z.infer<typeof AnswerPrivacy>;

const Localized = z.object({ en: z.string(), he: z.string() });

/** One question of the fixed questionnaire, in both languages. */
export const ProfileQuestion = z.object({
  questionId: z.string(),
  /** 1..10: members answer in this order. */
  index: z.number().int(),
  title: Localized,
  prompt: Localized,
  subQuestions: z.array(z.object({ subQuestionId: z.string(), text: Localized })),
});
export type ProfileQuestion = z.infer<typeof ProfileQuestion>;

export const ProfileQuestionId = z.object({ questionId: z.string(), index: z.number().int() });
export type ProfileQuestionId = z.infer<typeof ProfileQuestionId>;

const QuestionIdField = z
  .string({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'INVALID_VALUE') })
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(64, 'INVALID_VALUE')
  .describe('The questionnaire question’s id (`getQuestionsIds`).');

export const GetUserAnswersQuery = z.object({
  userId: z
    .string({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'INVALID_VALUE') })
    .min(1, 'FIELD_REQUIRED')
    .max(64, 'INVALID_VALUE'),
});

export const SaveAnswerRequest = z.object({
  questionId: QuestionIdField,
  answerData: AnswerData,
  version: AnswerVersion,
  privacy: AnswerPrivacy.optional().describe(
    'With `saveLive` only: who may read the live answer, `public` (anyone; the default for a new answer) or `private` (its owner only). Ignored by `saveDraft`.',
  ),
});
export type SaveAnswerRequest = z.input<typeof SaveAnswerRequest>;

export const RevertDraftRequest = z.object({ questionId: QuestionIdField, version: AnswerVersion });

export const TogglePublishRequest = z.object({
  questionId: QuestionIdField,
  content: z
    .string({ error: 'INVALID_VALUE' })
    .max(200_000, 'TOO_LONG')
    .optional()
    .describe(
      'Ignored: the post is made from the live answer (its sub-questions and texts), so what is published is always what was saved.',
    ),
  privacy: AnswerPrivacy.optional().describe(
    'The post’s privacy; also the answer’s. Default: the answer’s current privacy.',
  ),
});

export const QuestionIdRequest = z.object({ questionId: QuestionIdField });

export const MeAnswerViewRequest = z.object({
  meAnswerId: z
    .string({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'INVALID_VALUE') })
    .min(1, 'FIELD_REQUIRED')
    .max(64, 'INVALID_VALUE'),
});

/** An answer as anyone allowed to read it sees it: the live version only. */
export const PublicMeAnswer = z.object({
  meAnswerId: z.string(),
  userId: z.string(),
  questionId: z.string(),
  index: z.number().int(),
  answerData: AnswerData,
  privacy: AnswerPrivacy,
  publishedAsPost: z.boolean(),
  views: z.number().int(),
  updatedAt: z.string(),
  /** Our addition (issue 35): on the owner's own read alone, while moderation hides it. */
  moderation: ItemModeration.optional(),
});
export type PublicMeAnswer = z.infer<typeof PublicMeAnswer>;

/** An answer as its owner sees it: both versions. */
export const OwnMeAnswer = AnswerVersions.extend({
  meAnswerId: z.string(),
  questionId: z.string(),
  index: z.number().int(),
  privacy: AnswerPrivacy,
  publishedAsPost: z.boolean(),
  views: z.number().int(),
  /** Our addition (issue 35): while moderation hides the answer from everyone else. */
  moderation: ItemModeration.optional(),
});
export type OwnMeAnswer = z.infer<typeof OwnMeAnswer>;

export const CurrentUserAnswers = z.object({
  answers: z.array(OwnMeAnswer),
  /** The question the member may answer next (1..10), or null when all ten are answered. */
  nextIndex: z.number().int().nullable(),
});
export type CurrentUserAnswers = z.infer<typeof CurrentUserAnswers>;
