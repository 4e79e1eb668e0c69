import { NEW_VISITOR_HEADER } from '@mepedia/contracts/browser';
import { describe, expect, it } from 'vitest';
import { callTarget, createApi } from './client';

/** A gateway stand-in: the answers given in turn, and the paths asked. */
function gateway(answers: Array<{ body: unknown; newVisitor?: boolean }>) {
  const asked: string[] = [];
  const fetch: typeof globalThis.fetch = async (url) => {
    asked.push(typeof url === 'string' ? url : url instanceof URL ? url.href : url.url);
    const answer = answers.shift() ?? { body: {} };
    return new Response(JSON.stringify(answer.body), {
      status: 200,
      headers: {
        'content-type': 'application/json',
        ...(answer.newVisitor ? { [NEW_VISITOR_HEADER]: 'new' } : {}),
      },
    });
  };
  return { asked, api: createApi({ baseUrl: '', fetch }) };
}

describe('counting calls', () => {
  it('go again, once, when the gateway just gave the browser its visitor cookie', async () => {
    const { asked, api } = gateway([
      { body: { views: 0, counted: false }, newVisitor: true },
      { body: { views: 1, counted: true } },
    ]);
    expect(await api.posts.updatePostViews('p1')).toEqual({ views: 1, counted: true });
    expect(asked).toEqual(['/api/posts/updatePostViews', '/api/posts/updatePostViews']);
  });

  it('never twice more, even if the cookie was refused, and not without the header', async () => {
    const refused = gateway([
      { body: { shareCount: 0 }, newVisitor: true },
      { body: { shareCount: 0 }, newVisitor: true },
    ]);
    expect(await refused.api.posts.updateShareProp('p1')).toEqual({ shareCount: 0 });
    expect(refused.asked).toHaveLength(2);
    const kept = gateway([{ body: { views: 3, counted: false } }]);
    await kept.api.views.toggleView('users', 'u1');
    expect(kept.asked).toEqual(['/api/userViews/toggleView']);
  });

  it('are the only calls sent again', async () => {
    const { asked, api } = gateway([{ body: { posts: [] }, newVisitor: true }]);
    await api.posts.getPosts({});
    expect(asked).toHaveLength(1);
  });
});

describe('a call', () => {
  it('takes its method and path from the catalogue key, parameters encoded', () => {
    expect(
      callTarget('DELETE /api/feedMessages/deleteMessage/{id}/{id2}', {
        params: { id: 'a/b c', id2: 'room' },
      }),
    ).toEqual({ method: 'DELETE', path: '/api/feedMessages/deleteMessage/a%2Fb%20c/room' });
    expect(
      callTarget('GET /api/meAnswers/getUserAnswers', {
        query: { userId: 'u 1&x', skip: undefined },
      }),
    ).toEqual({ method: 'GET', path: '/api/meAnswers/getUserAnswers?userId=u%201%26x' });
    expect(callTarget('POST /api/users/session')).toEqual({
      method: 'POST',
      path: '/api/users/session',
    });
  });

  it('sends what each method is given, as the routes it names take it', async () => {
    const sent: Array<{ url: string; method?: string; body?: unknown; type?: string }> = [];
    const fetch: typeof globalThis.fetch = async (url, init) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      sent.push({
        url: typeof url === 'string' ? url : url instanceof URL ? url.href : url.url,
        method: init?.method,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
        type: headers['content-type'],
      });
      return new Response(JSON.stringify({}), { status: 200 });
    };
    const api = createApi({ baseUrl: 'http://gateway.test', fetch });
    await api.feedMessages.deleteMessage('m1', 'p1');
    await api.meAnswers.getUserAnswers('u1');
    await api.users.logout();
    await api.posts.like('p1');
    await api.call('GET /api/users/sessions');
    expect(sent).toEqual([
      {
        url: 'http://gateway.test/api/feedMessages/deleteMessage/m1/p1',
        method: 'DELETE',
        body: undefined,
        type: undefined,
      },
      {
        url: 'http://gateway.test/api/meAnswers/getUserAnswers?userId=u1',
        method: 'GET',
        body: undefined,
        type: undefined,
      },
      {
        url: 'http://gateway.test/api/users/logout',
        method: 'POST',
        body: undefined,
        type: undefined,
      },
      {
        url: 'http://gateway.test/api/posts/like',
        method: 'PUT',
        body: { id: 'p1' },
        type: 'application/json',
      },
      {
        url: 'http://gateway.test/api/users/sessions',
        method: 'GET',
        body: undefined,
        type: undefined,
      },
    ]);
  });
});
