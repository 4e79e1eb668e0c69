import type { CurrentUserAnswers, OwnMeAnswer } from '@mepedia/contracts';
import { createApi } from '@mepedia/web-api';
import { meAnswerQueries } from '@mepedia/web-api/queries';
import { MutationObserver, QueryClient, onlineManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { publishMutation } from './publish';

const answer = (questionId: string, change: Partial<OwnMeAnswer> = {}): OwnMeAnswer => ({
  meAnswerId: `a-${questionId}`,
  questionId,
  index: 1,
  draft: { [`${questionId}-1`]: 'a'.repeat(120) },
  live: { [`${questionId}-1`]: 'a'.repeat(120) },
  version: 3,
  hasUnsavedChanges: false,
  updatedAt: '2026-11-26T10:00:00.000Z',
  privacy: 'private',
  publishedAsPost: false,
  views: 0,
  ...change,
});

/** The service, answering each call when the test says so. */
function service() {
  const calls: Array<{ path: string; answer: (status: number, body: unknown) => void }> = [];
  const api = createApi({
    baseUrl: '',
    fetch: (url) =>
      new Promise<Response>((resolve) => {
        calls.push({
          path: url instanceof Request ? url.url : url.toString(),
          answer: (status, body) =>
            resolve(
              new Response(JSON.stringify(body), {
                status,
                headers: { 'content-type': 'application/json' },
              }),
            ),
        });
      }),
  });
  return { api, calls };
}

/** Lets the mutation's steps run until `done` holds (a condition, never a time). */
async function until(done: () => boolean) {
  for (let turn = 0; turn < 200 && !done(); turn++) await new Promise((r) => setTimeout(r, 1));
}

function setUp() {
  const { api, calls } = service();
  const client = new QueryClient();
  const key = meAnswerQueries.own(api, 'm1').queryKey;
  client.setQueryData<CurrentUserAnswers>(key, {
    answers: [answer('roots'), answer('homes')],
    nextIndex: 3,
  });
  const observer = new MutationObserver(client, publishMutation(api, client, 'm1', 'roots'));
  const roots = () => client.getQueryData(key)?.answers.find((a) => a.questionId === 'roots');
  return { client, key, calls, observer, roots };
}

describe('publishing an answer to the magazine', () => {
  it('shows it published (and public) at once, then keeps the service’s answer', async () => {
    const { calls, observer, roots } = setUp();
    const done = observer.mutate(true);
    await until(() => calls.length > 0);
    // Before the service answers: in the magazine already, and public, as publishing makes it.
    expect(roots()).toMatchObject({ publishedAsPost: true, privacy: 'public' });
    expect(calls[0]!.path).toContain('/api/meAnswers/togglePublishAsPost');
    calls[0]!.answer(200, answer('roots', { publishedAsPost: true, privacy: 'public', views: 7 }));
    await done;
    expect(roots()).toMatchObject({ publishedAsPost: true, privacy: 'public', views: 7 });
  });

  it('takes it back on a failure, and only what it changed', async () => {
    const { client, key, calls, observer, roots } = setUp();
    const done = observer.mutate(true).catch(() => undefined);
    await until(() => calls.length > 0);
    expect(roots()?.publishedAsPost).toBe(true);
    // A draft saved while the publish was on its way: it stays after the rollback.
    client.setQueryData<CurrentUserAnswers>(key, (all) => ({
      ...all!,
      answers: all!.answers.map((a) =>
        a.questionId === 'roots' ? { ...a, draft: { 'roots-1': 'newer' }, version: 4 } : a,
      ),
    }));
    calls[0]!.answer(500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'down' });
    await done;
    expect(observer.getCurrentResult().status).toBe('error');
    expect(roots()).toMatchObject({
      publishedAsPost: false,
      privacy: 'private',
      draft: { 'roots-1': 'newer' },
      version: 4,
    });
    // The other answers are untouched.
    expect(client.getQueryData(key)?.answers.find((a) => a.questionId === 'homes')).toEqual(
      answer('homes'),
    );
  });

  it('taking it off shows at once and comes back on a failure', async () => {
    const { client, key, calls, observer, roots } = setUp();
    client.setQueryData<CurrentUserAnswers>(key, {
      answers: [answer('roots', { publishedAsPost: true, privacy: 'public' })],
      nextIndex: 2,
    });
    const done = observer.mutate(false).catch(() => undefined);
    await until(() => calls.length > 0);
    expect(calls[0]!.path).toContain('/api/meAnswers/deleteMeAnswersFromPosts');
    expect(roots()).toMatchObject({ publishedAsPost: false, privacy: 'public' });
    calls[0]!.answer(503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' });
    await done;
    expect(roots()).toMatchObject({ publishedAsPost: true, privacy: 'public' });
  });

  it('offline, is sent anyway and fails where the member sees it, never held unseen', async () => {
    const { calls, observer, roots } = setUp();
    onlineManager.setOnline(false);
    try {
      const done = observer.mutate(true).catch(() => undefined);
      await until(() => calls.length > 0);
      expect(calls).toHaveLength(1);
      calls[0]!.answer(503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' });
      await done;
      expect(roots()?.publishedAsPost).toBe(false);
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
