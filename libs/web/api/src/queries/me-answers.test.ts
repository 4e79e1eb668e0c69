import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApi } from '../client';
import { meAnswerQueries, privateQuestionQueries, withOwnAnswer } from '../queries';

/** A gateway stand-in: answers by path, and every path asked. */
function gateway(answer: (path: string) => unknown) {
  const asked: string[] = [];
  const fetch: typeof globalThis.fetch = async (url) => {
    const path = typeof url === 'string' ? url : url instanceof URL ? url.pathname : url.url;
    asked.push(path.split('?')[0]!);
    return new Response(JSON.stringify(answer(path)), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { asked, api: createApi({ baseUrl: '', fetch }) };
}

const own = (questionId: string, publishedAsPost = false) => ({
  meAnswerId: `a-${questionId}`,
  questionId,
  index: 1,
  draft: { [`${questionId}-1`]: 'draft' },
  live: null,
  version: 1,
  hasUnsavedChanges: true,
  updatedAt: '2026-11-26T10:00:00.000Z',
  privacy: 'public' as const,
  publishedAsPost,
  views: 0,
});

describe('the self-interview and private questions query keys', () => {
  const { api } = gateway(() => ({}));

  it('nest under their domain, so one key reaches everything of it', () => {
    for (const key of [
      meAnswerQueries.questionnaire(api).queryKey,
      meAnswerQueries.member(api, 'u1').queryKey,
      meAnswerQueries.own(api, 'm1').queryKey,
    ])
      expect(key.slice(0, 1)).toEqual(meAnswerQueries.all);
    for (const key of [
      privateQuestionQueries.list(api, 'm1').queryKey,
      privateQuestionQueries.question(api, 'm1', 2).queryKey,
      privateQuestionQueries.answer(api, 'm1', 2).queryKey,
    ])
      expect(key.slice(0, 2)).toEqual(privateQuestionQueries.member('m1'));
  });

  it("never read one member's own answers or private questions as another's", () => {
    expect(meAnswerQueries.own(api, 'm1').queryKey).not.toEqual(
      meAnswerQueries.own(api, 'm2').queryKey,
    );
    expect(privateQuestionQueries.answer(api, 'm1', 1).queryKey).not.toEqual(
      privateQuestionQueries.answer(api, 'm2', 1).queryKey,
    );
    // Each place is its own answer.
    expect(privateQuestionQueries.answer(api, 'm1', 1).queryKey).not.toEqual(
      privateQuestionQueries.answer(api, 'm1', 2).queryKey,
    );
  });

  it('own answers and private answers are changed only by their editor: never stale on their own', () => {
    expect(meAnswerQueries.own(api, 'm1').staleTime).toBe(Infinity);
    expect(meAnswerQueries.own(api, 'm1').refetchOnWindowFocus).toBe(false);
    expect(privateQuestionQueries.answer(api, 'm1', 1).staleTime).toBe(Infinity);
  });
});

describe('the queries read', () => {
  it('the questionnaire in its order, whatever order the service sends', async () => {
    const question = (index: number) => ({
      questionId: `q${index}`,
      index,
      title: { en: `Q${index}`, he: `ש${index}` },
      prompt: { en: '', he: '' },
      subQuestions: [],
    });
    const { api, asked } = gateway(() => [question(3), question(1), question(2)]);
    const read = await new QueryClient().fetchQuery(meAnswerQueries.questionnaire(api));
    expect(read.map((q) => q.index)).toEqual([1, 2, 3]);
    expect(asked).toEqual(['/api/profileQuestions/getQuestions']);
  });

  it('a member’s public answers, the member’s own, a private answer, each from its call', async () => {
    const { api, asked } = gateway((path) =>
      path.includes('getCurrentUserAnswers') ? { answers: [], nextIndex: 1 } : [],
    );
    const client = new QueryClient();
    await client.fetchQuery(meAnswerQueries.member(api, 'u1'));
    await client.fetchQuery(meAnswerQueries.own(api, 'm1'));
    await client.fetchQuery(privateQuestionQueries.list(api, 'm1'));
    await client.fetchQuery(privateQuestionQueries.answer(api, 'm1', 3));
    await client.fetchQuery(privateQuestionQueries.question(api, 'm1', 3));
    expect(asked).toEqual([
      '/api/meAnswers/getUserAnswers',
      '/api/meAnswers/getCurrentUserAnswers',
      '/api/privateQuestions/getQuestions',
      '/api/privateQuestions/getAnswer',
      '/api/privateQuestions/getQuestionByIndex',
    ]);
  });
});

describe('a private question’s audience', () => {
  it('saveLive sends the chosen audience, and leaves it out when none is chosen', async () => {
    const bodies: unknown[] = [];
    const api = createApi({
      baseUrl: '',
      fetch: async (_url, init) => {
        bodies.push(typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null);
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    await api.privateQuestions.saveLive(2, 'q2', { s1: 'text' }, 3, 'members');
    await api.privateQuestions.saveLive(2, 'q2', { s1: 'text' }, 4);
    expect(bodies).toEqual([
      {
        questionIndex: 2,
        questionId: 'q2',
        answerData: { s1: 'text' },
        version: 3,
        privacy: 'members',
      },
      { questionIndex: 2, questionId: 'q2', answerData: { s1: 'text' }, version: 4 },
    ]);
  });

  it('another member’s shared answers are read under the reader’s keys, per member read', async () => {
    const { api, asked } = gateway(() => ({ answers: [] }));
    const mine = privateQuestionQueries.shared(api, 'm1', 'u1').queryKey;
    // What one reader may read is not what another may: a sign-in as someone else asks again.
    expect(mine.slice(0, 2)).toEqual(privateQuestionQueries.member('m1'));
    expect(mine).not.toEqual(privateQuestionQueries.shared(api, 'guest', 'u1').queryKey);
    expect(mine).not.toEqual(privateQuestionQueries.shared(api, 'm1', 'u2').queryKey);
    await new QueryClient().fetchQuery(privateQuestionQueries.shared(api, 'm1', 'u1'));
    expect(asked).toEqual(['/api/privateQuestions/getSharedAnswers']);
  });
});

describe('withOwnAnswer', () => {
  it('puts an answer in place of its question’s, and adds a first one', () => {
    const list = { answers: [own('roots'), own('homes')], nextIndex: 2 };
    const changed = withOwnAnswer(list, own('roots', true));
    expect(changed.answers).toHaveLength(2);
    expect(changed.answers.find((a) => a.questionId === 'roots')?.publishedAsPost).toBe(true);
    expect(changed.nextIndex).toBe(2);
    expect(withOwnAnswer(list, own('work')).answers.map((a) => a.questionId)).toEqual([
      'roots',
      'homes',
      'work',
    ]);
    expect(withOwnAnswer(undefined, own('roots')).answers).toHaveLength(1);
  });
});
