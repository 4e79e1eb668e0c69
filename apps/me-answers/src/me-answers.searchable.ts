import { answerText, type Language } from '@mepedia/contracts';
import type { QuestionRow } from './me-answers.repository';
import type { AnswerRow } from './me-answers.schema';
import type { PendingEvent } from './me-answers.store';

/**
 * A live answer as the search service indexes it (issue 36, `searchable.changed`, the search
 * service's alone), recorded with every live save, publication (which may change its audience)
 * and removal, in its transaction. `title` is its question's in `language`, the owner's (the
 * language of the session that saved it; English where none is known, as in the migrations);
 * `text` what the member wrote (`answerText`). An answer without live text any more is
 * `deleted`. `createdAt` is when its row was made, by its first draft or first save: the
 * nearest to "first live" that is kept (the service keeps no first-save date). Moderation's
 * holds and removals are the moderation service's word to the search service, not this one's
 * (no answer is held here as it is written: no `review`).
 */
export function searchableEvent(
  row: AnswerRow,
  question: QuestionRow,
  language: Language,
): PendingEvent {
  const text = answerText(
    row.live,
    question.subQuestions.map((sub) => sub.subQuestionId),
  );
  return {
    type: 'searchable.changed',
    payload: {
      kind: 'answer',
      id: row.id,
      ownerId: row.userId,
      audience: row.privacy,
      title: language === 'he' ? question.titleHe : question.titleEn,
      questionTitle: { en: question.titleEn, he: question.titleHe },
      text,
      questionId: row.questionId,
      createdAt: row.createdAt.toISOString(),
      deleted: text === '',
    },
  };
}
