import { hasText } from '@mepedia/contracts';
import { mayReadAudience } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';
import type { AnswerRow } from './me-answers.schema';

// Who may do what with a questionnaire answer, and which question a member may write: the one
// place that decides it. MeAnswersService asks it with the answers as it reads them (inside its
// own transaction for a change); the repositories only read and write.

/**
 * What decides it: whose the answer is, its audience (`privacy`), where moderation left it
 * (`moderationState`, issue 35), whether it has a live version, and, for a `circle` answer read
 * by a member, whether they are in its owner's circle (absent: not in it).
 */
export type AnswerAccess = Pick<AnswerRow, 'userId' | 'privacy' | 'live' | 'moderationState'> & {
  readerInCircle?: boolean;
};

/** Who asks: a member's id, or null for a guest. */
export type Actor = string | null;

/** read: see its live version; view: count once as seen; edit: its owner's alone. */
export type AnswerAction = 'read' | 'view' | 'edit';

/**
 * A live answer with some text is read by its audience (the one rule, libs/server/database
 * audience.ts): public, anyone; members, anyone signed in; circle, its owner and their circle;
 * private, its owner; whatever its audience, its owner alone while moderation holds it or
 * removed it. A draft is nobody's but its owner's (through their own answers, never this).
 */
export function mayRead(answer: AnswerAccess, actor: Actor): boolean {
  return (
    hasText(answer.live) &&
    mayReadAudience(
      { ownerId: answer.userId, audience: answer.privacy, moderation: answer.moderationState },
      { id: actor, inCircle: answer.readerInCircle === true },
    )
  );
}

export function mayAccess(actor: Actor, action: AnswerAction, answer: AnswerAccess): boolean {
  switch (action) {
    case 'read':
    case 'view':
      return mayRead(answer, actor);
    case 'edit':
      return answer.userId === actor;
  }
}

/**
 * Refuse unless `actor` may do `action` with `answer` (undefined: there is none). One that does
 * not exist and one the actor may not read or change are the same ANSWER_NOT_FOUND.
 */
export function requireAccess<A extends AnswerAccess>(
  actor: Actor,
  action: AnswerAction,
  answer: A | undefined,
): asserts answer is A {
  if (!answer || !mayAccess(actor, action, answer)) throw new AppError('ANSWER_NOT_FOUND');
}

/** A question of the questionnaire, by its place in it. */
type Placed = { questionId: string; position: number };

/** The first question without a live answer among `answers` (a member's): the furthest open. */
export function nextOpen(
  answers: Array<Pick<AnswerRow, 'questionId' | 'live'>>,
  questions: Placed[],
): number | null {
  const answered = new Set(answers.filter((a) => hasText(a.live)).map((a) => a.questionId));
  return questions.find((q) => !answered.has(q.questionId))?.position ?? null;
}

/**
 * Question N opens once every earlier one has a live answer (enforced here, not only in the
 * UI): refuse a later one with QUESTION_LOCKED.
 */
export function requireOpen(
  question: Placed,
  answers: Array<Pick<AnswerRow, 'questionId' | 'live'>>,
  questions: Placed[],
): void {
  const next = nextOpen(answers, questions);
  if (next !== null && question.position > next) throw new AppError('QUESTION_LOCKED');
}
