import { hasText, type OwnMeAnswer, type ProfileQuestion } from '@mepedia/contracts';

export type QuestionState = 'published' | 'answered' | 'draft' | 'open' | 'locked';

/**
 * The question a member may answer next, as the me-answers service decides it: the first
 * question, in order, without a live answer that says something. A draft is not enough.
 * Null when all are answered.
 */
export function nextOpenIndex(
  questions: readonly ProfileQuestion[],
  answers: readonly Pick<OwnMeAnswer, 'questionId' | 'live'>[],
): number | null {
  const answered = new Set(
    answers.filter((answer) => hasText(answer.live)).map((answer) => answer.questionId),
  );
  const ordered = [...questions].sort((a, b) => a.index - b.index);
  return ordered.find((question) => !answered.has(question.questionId))?.index ?? null;
}

/** Whether question `index` may be opened (the service refuses the rest: QUESTION_LOCKED). */
export function mayOpen(index: number, next: number | null): boolean {
  return next === null || index <= next;
}

export function questionState(
  question: ProfileQuestion,
  answer: Pick<OwnMeAnswer, 'live' | 'draft' | 'publishedAsPost'> | undefined,
  next: number | null,
): QuestionState {
  if (!mayOpen(question.index, next)) return 'locked';
  if (answer && hasText(answer.live)) return answer.publishedAsPost ? 'published' : 'answered';
  if (answer && hasText(answer.draft)) return 'draft';
  return 'open';
}
