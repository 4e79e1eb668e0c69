import type {
  CurrentUserAnswers,
  OwnMeAnswer,
  PostDraftsPage,
  PrivateQuestion,
  ProfileQuestion,
} from '@mepedia/contracts';
import { describe, expect, it } from 'vitest';
import {
  HOME_DRAFTS,
  HOME_PRIVATE_QUESTIONS,
  homeDrafts,
  homePrivateQuestions,
  questionnaireStep,
} from './member-home.server';

const questions: ProfileQuestion[] = [1, 2, 3].map((index) => ({
  questionId: `q${index}`,
  index,
  title: { en: `Title ${index}`, he: `כותרת ${index}` },
  prompt: { en: `Prompt ${index}`, he: `הנחיה ${index}` },
  subQuestions: [],
}));

const answer = (index: number, live: string | null, draft = live ?? ''): OwnMeAnswer => ({
  meAnswerId: `a${index}`,
  questionId: `q${index}`,
  index,
  draft: { s: draft },
  live: live === null ? null : { s: live },
  version: 1,
  hasUnsavedChanges: draft !== (live ?? ''),
  updatedAt: '2026-11-27T08:00:00.000Z',
  privacy: 'public',
  publishedAsPost: false,
  views: 0,
});

const answers = (list: OwnMeAnswer[], nextIndex: number | null): CurrentUserAnswers => ({
  answers: list,
  nextIndex,
});

describe('questionnaireStep', () => {
  it('names the next question with its prompt, counting only answers saved with text', () => {
    const step = questionnaireStep(questions, answers([answer(1, 'Yes'), answer(2, '   ')], 2));
    expect(step).toEqual({
      answered: 1,
      total: 3,
      next: {
        kind: 'question',
        index: 2,
        title: questions[1]!.title,
        prompt: questions[1]!.prompt,
        started: false,
      },
    });
  });

  it('says the next question is started when its draft has text', () => {
    const step = questionnaireStep(
      questions,
      answers([answer(1, 'Yes'), answer(2, null, 'Half')], 2),
    );
    expect(step?.next).toMatchObject({ kind: 'question', index: 2, started: true });
  });

  it('is done when the service has no next question', () => {
    const all = [answer(1, 'a'), answer(2, 'b'), answer(3, 'c')];
    expect(questionnaireStep(questions, answers(all, null))).toEqual({
      answered: 3,
      total: 3,
      next: { kind: 'done' },
    });
  });

  it('is nothing without the questions', () => {
    expect(questionnaireStep([], answers([], 1))).toBeNull();
  });
});

describe('homeDrafts', () => {
  const draft = (n: number) => ({
    draftId: `d${n}`,
    title: n === 2 ? '' : `Draft ${n}`,
    excerpt: `secret words ${n}`,
    image: null,
    credit: '',
    privacy: null,
    destination: 'profile' as const,
    version: 1,
    createdAt: '2026-11-27T08:00:00.000Z',
    updatedAt: `2026-11-27T08:0${n}:00.000Z`,
  });
  const page = (count: number, hasMore: boolean): PostDraftsPage => ({
    drafts: Array.from({ length: count }, (_, i) => draft(i + 1)),
    hasMore,
    nextCursor: hasMore ? 'next' : null,
  });

  it(`keeps the first ${HOME_DRAFTS}, with ids, titles and times only (no text)`, () => {
    const shown = homeDrafts(page(HOME_DRAFTS + 1, false));
    expect(shown.drafts.map((d) => d.draftId)).toEqual(['d1', 'd2', 'd3']);
    expect(shown.drafts[1]).toEqual({
      draftId: 'd2',
      title: '',
      updatedAt: '2026-11-27T08:02:00.000Z',
    });
    expect(JSON.stringify(shown)).not.toContain('secret');
    expect(shown.more).toBe(true);
  });

  it('says there are more only when there are', () => {
    expect(homeDrafts(page(2, false)).more).toBe(false);
    expect(homeDrafts(page(HOME_DRAFTS, false)).more).toBe(false);
    expect(homeDrafts(page(HOME_DRAFTS, true)).more).toBe(true);
  });
});

describe('homePrivateQuestions', () => {
  const question = (index: number, answered: boolean): PrivateQuestion => ({
    questionId: `p${index}`,
    privacy: 'private',
    questionIndex: index,
    questionTitle: `Private ${index}`,
    subQuestions: [],
    answered,
    createdAt: '2026-11-27T08:00:00.000Z',
    updatedAt: '2026-11-27T08:00:00.000Z',
  });

  it('lists the unanswered ones in order, and counts the rest', () => {
    const list = [1, 2, 3, 4, 5, 6].map((i) => question(i, i === 2));
    const shown = homePrivateQuestions({ questions: list });
    expect(shown.questions).toEqual([
      { index: 1, title: 'Private 1' },
      { index: 3, title: 'Private 3' },
      { index: 4, title: 'Private 4' },
    ]);
    expect(shown.questions).toHaveLength(HOME_PRIVATE_QUESTIONS);
    expect(shown.more).toBe(2);
  });

  it('is empty when every question is answered', () => {
    expect(homePrivateQuestions({ questions: [question(1, true)] })).toEqual({
      questions: [],
      more: 0,
    });
  });
});
