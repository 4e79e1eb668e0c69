import {
  hasText,
  sameAnswers,
  type PrivateAnswer,
  type PrivateQuestion,
  type SharedPrivateAnswer,
} from '@mepedia/contracts';
import type { QuestionRow } from './private-questions.schema';

export function toPrivateQuestion(row: QuestionRow): PrivateQuestion {
  return {
    questionId: row.id,
    privacy: row.privacy,
    questionIndex: row.questionIndex,
    questionTitle: row.title,
    subQuestions: row.subQuestions.map(({ id, title }) => ({ id, title })),
    answered: hasText(row.live),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPrivateAnswer(row: QuestionRow): PrivateAnswer {
  return {
    question: toPrivateQuestion(row),
    answer: {
      draft: row.draft,
      live: row.live,
      version: row.answerVersion,
      hasUnsavedChanges: !sameAnswers(row.draft, row.live),
      updatedAt: row.answerUpdatedAt.toISOString(),
    },
  };
}

/** A saved answer as a reader of its audience reads it: never the draft. */
export function toSharedAnswer(row: QuestionRow): SharedPrivateAnswer {
  return {
    questionId: row.id,
    questionIndex: row.questionIndex,
    questionTitle: row.title,
    subQuestions: row.subQuestions.map(({ id, title }) => ({ id, title })),
    live: row.live ?? {},
    privacy: row.privacy,
    updatedAt: row.answerUpdatedAt.toISOString(),
  };
}
