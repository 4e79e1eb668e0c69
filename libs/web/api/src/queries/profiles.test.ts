import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApi } from '../client';
import { postQueries } from './posts';
import { profileQueries } from './profiles';

/** A gateway stand-in: answers by path, and every call asked, with its body. */
function gateway(answer: (path: string) => unknown) {
  const asked: Array<{ path: string; body: unknown }> = [];
  const fetch: typeof globalThis.fetch = async (url, init) => {
    const path = typeof url === 'string' ? url : url instanceof URL ? url.pathname : url.url;
    asked.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    return new Response(JSON.stringify(answer(path)), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { asked, api: createApi({ baseUrl: '', fetch }) };
}

const firstPage = { sort: 'mostRecent', page: 0, limit: 12 } as const;

describe('a profile’s queries', () => {
  const { api } = gateway(() => ({}));

  it('keep a profile’s own under its id, and its posts with every other list of posts', () => {
    expect(profileQueries.views(api, 'm1').queryKey.slice(0, 2)).toEqual(
      profileQueries.profile('m1'),
    );
    // A post written, changed or deleted marks the posts' key stale: a profile's list goes too.
    expect(profileQueries.posts(api, 'm1', firstPage).queryKey.slice(0, 1)).toEqual(
      postQueries.all,
    );
  });

  it('tell apart profiles, orders and pages', () => {
    const keys = [
      profileQueries.views(api, 'm1').queryKey,
      profileQueries.views(api, 'm2').queryKey,
      profileQueries.posts(api, 'm1', firstPage).queryKey,
      profileQueries.posts(api, 'm2', firstPage).queryKey,
      profileQueries.posts(api, 'm1', { ...firstPage, sort: 'oldest' }).queryKey,
      profileQueries.posts(api, 'm1', { ...firstPage, page: 1 }).queryKey,
      // The magazine's list of the same posts is a list of its own.
      postQueries.list(api, { publisherId: 'm1', limit: 12 }).queryKey,
    ].map((key) => JSON.stringify(key));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are the same for the server’s loader and the browser, whichever client asks', () => {
    const other = gateway(() => ({})).api;
    expect(profileQueries.posts(api, 'm1', firstPage).queryKey).toEqual(
      profileQueries.posts(other, 'm1', firstPage).queryKey,
    );
  });

  it('ask for the member’s posts by publisher, order and page', async () => {
    const page = { posts: [], hasMore: false };
    const { api, asked } = gateway(() => page);
    const answer = await new QueryClient().fetchQuery(
      profileQueries.posts(api, 'm1', { sort: 'oldest', page: 2, limit: 12 }),
    );
    expect(answer).toEqual(page);
    expect(asked).toEqual([
      {
        path: '/api/posts/getPosts',
        body: { publisherId: 'm1', sortBy: 'oldest', limit: 12, pageNumber: 2 },
      },
    ]);
  });

  it('count the visit once a visit and keep the count', async () => {
    const { api, asked } = gateway(() => ({ views: 7 }));
    const client = new QueryClient();
    const views = profileQueries.views(api, 'm1');
    expect(await client.fetchQuery(views)).toBe(7);
    expect(asked).toEqual([
      { path: '/api/userViews/toggleView', body: { collectionName: 'users', objectId: 'm1' } },
    ]);
    // Coming back to the profile in the same visit reads the count kept, asking nothing.
    expect(await client.fetchQuery(views)).toBe(7);
    expect(asked).toHaveLength(1);
  });
});
