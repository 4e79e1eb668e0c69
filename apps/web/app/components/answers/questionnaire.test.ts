import type { ProfileQuestion } from '@mepedia/contracts';
import { describe, expect, it } from 'vitest';
import { mayOpen, nextOpenIndex, questionState } from './questionnaire';

const question = (index: number): ProfileQuestion => ({
  questionId: `q${index}`,
  index,
  title: { en: `Q${index}`, he: `ש${index}` },
  prompt: { en: '', he: '' },
  subQuestions: [],
});
const questions = [3, 1, 2].map(question);

describe('nextOpenIndex', () => {
  it('is the first question without a live answer, as the service counts it', () => {
    expect(nextOpenIndex(questions, [])).toBe(1);
    expect(nextOpenIndex(questions, [{ questionId: 'q1', live: { a: 'text' } }])).toBe(2);
    // A draft, or a live answer of blanks, does not open the next question.
    expect(
      nextOpenIndex(questions, [
        { questionId: 'q1', live: { a: '  ' } },
        { questionId: 'q2', live: { a: 'x' } },
      ]),
    ).toBe(1);
    expect(
      nextOpenIndex(
        questions,
        questions.map((q) => ({ questionId: q.questionId, live: { a: 'x' } })),
      ),
    ).toBeNull();
  });
});

describe('mayOpen and questionState', () => {
  it('opens questions up to the next one and says what each holds', () => {
    expect(mayOpen(2, 2)).toBe(true);
    expect(mayOpen(3, 2)).toBe(false);
    expect(mayOpen(10, null)).toBe(true);
    expect(questionState(question(3), undefined, 2)).toBe('locked');
    expect(
      questionState(question(2), { live: null, draft: { a: 'x' }, publishedAsPost: false }, 2),
    ).toBe('draft');
    expect(
      questionState(question(1), { live: { a: 'x' }, draft: {}, publishedAsPost: true }, 2),
    ).toBe('published');
    expect(
      questionState(question(1), { live: { a: 'x' }, draft: {}, publishedAsPost: false }, 2),
    ).toBe('answered');
    expect(questionState(question(2), undefined, 2)).toBe('open');
  });
});
