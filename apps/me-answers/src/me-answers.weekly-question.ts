import { hasText } from '@mepedia/contracts';
import type { AnswerRow } from './me-answers.schema';
import type { PendingEvent } from './me-answers.store';

/**
 * Whether the member has now answered the question (a live text), for the notifications
 * service's weekly question (issue 32): recorded with every save, in its transaction.
 */
export function answeredEvent(row: AnswerRow): PendingEvent {
  return {
    type: 'meAnswer.answered',
    payload: { userId: row.userId, questionId: row.questionId, answered: hasText(row.live) },
  };
}
