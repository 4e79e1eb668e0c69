import { decisionOf, twoMembers, whoAsks } from '@mepedia/server-service-testing';
import {
  mayRead,
  nextOpen,
  requireAccess,
  requireOpen,
  type Actor,
  type AnswerAccess,
  type AnswerAction,
} from './me-answers.access';

const { owner, other } = twoMembers();
const answer = (
  privacy: AnswerAccess['privacy'],
  live: AnswerAccess['live'] = { a: 'Born by the sea' },
  moderationState: AnswerAccess['moderationState'] = 'visible',
): AnswerAccess => ({ userId: owner, privacy, live, moderationState });

/** The code `requireAccess` refuses with, or 'allowed'. */
const decision = (actor: Actor, action: AnswerAction, target: AnswerAccess | undefined) =>
  decisionOf(() => requireAccess(actor, action, target));

describe('the me-answers access policy', () => {
  describe('reading and counting an answer', () => {
    it.each(whoAsks(owner, other))('lets %s read and count a live public answer', (_, actor) => {
      for (const action of ['read', 'view'] as const)
        expect(decision(actor, action, answer('public'))).toBe('allowed');
    });

    it('keeps a live private answer to its owner: for anyone else it does not exist', () => {
      expect(decision(owner, 'read', answer('private'))).toBe('allowed');
      expect(decision(other, 'view', answer('private'))).toBe('ANSWER_NOT_FOUND');
      expect(decision(null, 'read', answer('private'))).toBe('ANSWER_NOT_FOUND');
      expect(decision(other, 'read', undefined)).toBe('ANSWER_NOT_FOUND');
    });

    it.each(['held', 'removed'] as const)(
      'keeps an answer moderation %s to its owner, whatever its audience (issue 35)',
      (state) => {
        for (const privacy of ['public', 'members', 'circle'] as const) {
          const hidden = { ...answer(privacy, undefined, state), readerInCircle: true };
          expect(decision(owner, 'read', hidden)).toBe('allowed');
          expect(decision(other, 'read', hidden)).toBe('ANSWER_NOT_FOUND');
          expect(decision(other, 'view', hidden)).toBe('ANSWER_NOT_FOUND');
          expect(decision(null, 'read', hidden)).toBe('ANSWER_NOT_FOUND');
        }
      },
    );

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
      const question = questions[position - 1] as (typeof questions)[number];
      const decided = decisionOf(() => requireOpen(question, answers, questions));
      if (decided !== 'allowed' && decided !== 'QUESTION_LOCKED') throw new Error(decided);
      return decided === 'QUESTION_LOCKED';
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
