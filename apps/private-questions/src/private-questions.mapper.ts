import { hasText, sameAnswers, type PrivateAnswer, type PrivateQuestion } from '@mepedia/contracts';
import type { QuestionRow } from './private-questions.schema';

export function toPrivateQuestion(row: QuestionRow): PrivateQuestion {
  return {
    questionId: row.id,
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
