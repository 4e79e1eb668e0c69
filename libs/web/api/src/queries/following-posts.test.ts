import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApi } from '../client';
import { FOLLOWING_POSTS_KEY } from './follows';
import { FOLLOWING_POSTS_PAGE, followingPostsQueries } from './following-posts';
import { postQueries } from './posts';

/** A call the test answers when it chooses: the gateway's answer, or its refusal. */
type Held = { path: string; body: unknown; answer: (status: number, body: unknown) => void };

function heldGateway() {
  const held: Held[] = [];
  const api = createApi({
    baseUrl: '',
    fetch: (url, init) =>
      new Promise<Response>((resolve) =>
        held.push({
          path: typeof url === 'string' ? url : url instanceof URL ? url.pathname : url.url,
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
          answer: (status, body) =>
            resolve(
              new Response(JSON.stringify(body), {
                status,
                headers: { 'content-type': 'application/json' },
              }),
            ),
        }),
      ),
  });
  return { api, held };
}

/** Lets the steps a query or mutation takes before its call run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('“From people you follow”', () => {
  it('is kept under the posts’ key, where a follow marks it stale', () => {
    const { api } = heldGateway();
    expect(followingPostsQueries.feed(api).queryKey).toEqual(FOLLOWING_POSTS_KEY);
    expect(FOLLOWING_POSTS_KEY.slice(0, 1)).toEqual(postQueries.all);
  });

  it('read the feed of followed members’ posts page by page', async () => {
    const { api, held } = heldGateway();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const feed = new InfiniteQueryObserver(client, followingPostsQueries.feed(api));
    const stop = feed.subscribe(() => undefined);
    await settle();
    held[0]!.answer(200, { posts: [], hasMore: true, nextCursor: 'p2' });
    await settle();
    const more = feed.fetchNextPage();
    await settle();
    held[1]!.answer(200, { posts: [], hasMore: false, nextCursor: null });
    await more;
    stop();
    expect(held.map((call) => [call.path, call.body])).toEqual([
      ['/api/posts/getFollowingPosts', { limit: FOLLOWING_POSTS_PAGE }],
      ['/api/posts/getFollowingPosts', { cursor: 'p2', limit: FOLLOWING_POSTS_PAGE }],
    ]);
    expect(feed.getCurrentResult().hasNextPage).toBe(false);
  });
});
