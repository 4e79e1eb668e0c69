import { randomUUID } from 'node:crypto';
import { AppError } from '@mepedia/server-http';
import {
  mayRead,
  nextOpen,
  requireAccess,
  requireOpen,
  type Actor,
  type AnswerAccess,
  type AnswerAction,
} from './me-answers.access';

const owner = randomUUID();
const other = randomUUID();
const answer = (
  privacy: AnswerAccess['privacy'],
  live: AnswerAccess['live'] = { a: 'Born by the sea' },
): AnswerAccess => ({ userId: owner, privacy, live });

function decision(actor: Actor, action: AnswerAction, target: AnswerAccess | undefined): string {
  try {
    requireAccess(actor, action, target);
    return 'allowed';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('the me-answers access policy', () => {
  describe('reading and counting an answer', () => {
    it('lets anyone read and count a live public answer', () => {
      for (const actor of [owner, other, null])
        for (const action of ['read', 'view'] as const)
          expect(decision(actor, action, answer('public'))).toBe('allowed');
    });

    it('keeps a live private answer to its owner: for anyone else it does not exist', () => {
      expect(decision(owner, 'read', answer('private'))).toBe('allowed');
      expect(decision(other, 'view', answer('private'))).toBe('ANSWER_NOT_FOUND');
      expect(decision(null, 'read', answer('private'))).toBe('ANSWER_NOT_FOUND');
      expect(decision(other, 'read', undefined)).toBe('ANSWER_NOT_FOUND');
    });

    it('reads nothing of an answer never saved or saved blank, not even to its owner', () => {
      expect(mayRead(answer('public', null), owner)).toBe(false);
      expect(mayRead(answer('public', { a: '  \n ' }), null)).toBe(false);
      expect(decision(owner, 'view', answer('public', null))).toBe('ANSWER_NOT_FOUND');
    });
  });

  it('lets only its owner change an answer, live or not', () => {
    expect(decision(owner, 'edit', answer('private', null))).toBe('allowed');
    expect(decision(other, 'edit', answer('public'))).toBe('ANSWER_NOT_FOUND');
    expect(decision(null, 'edit', answer('public'))).toBe('ANSWER_NOT_FOUND');
    expect(decision(owner, 'edit', undefined)).toBe('ANSWER_NOT_FOUND');
  });

  describe('the order of questions', () => {
    const questions = [1, 2, 3].map((position) => ({ questionId: `q${position}`, position }));
    const live = (questionId: string, text = 'An answer') => ({ questionId, live: { a: text } });
    const locked = (position: number, answers: Array<ReturnType<typeof live>>) => {
      try {
        requireOpen(questions[position - 1] as (typeof questions)[number], answers, questions);
        return false;
      } catch (error) {
        if (error instanceof AppError && error.code === 'QUESTION_LOCKED') return true;
        throw error;
      }
    };

    it('opens the first question only, to a member who answered nothing', () => {
      expect(nextOpen([], questions)).toBe(1);
      expect([1, 2, 3].map((n) => locked(n, []))).toEqual([false, true, true]);
    });

    it('opens the next question once every earlier one has a live answer, not a blank one', () => {
      expect([1, 2, 3].map((n) => locked(n, [live('q1')]))).toEqual([false, false, true]);
      expect(nextOpen([live('q1', ' ')], questions)).toBe(1);
      expect(nextOpen([{ questionId: 'q1', live: null }], questions)).toBe(1);
    });

    it('opens everything once every question is answered', () => {
      const all = [live('q1'), live('q2'), live('q3')];
      expect(nextOpen(all, questions)).toBeNull();
      expect([1, 2, 3].map((n) => locked(n, all))).toEqual([false, false, false]);
    });
  });
});
