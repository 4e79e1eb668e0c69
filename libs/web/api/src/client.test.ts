import { NEW_VISITOR_HEADER } from '@mepedia/contracts/browser';
import { describe, expect, it } from 'vitest';
import { createApi } from './client';

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
