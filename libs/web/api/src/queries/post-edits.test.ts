import type { Post } from '@mepedia/contracts';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApi } from '../client';
import { postEdits } from './post-edits';
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

const post = (fields: Partial<Post> = {}) =>
  ({
    postId: 'p1',
    publisherId: 'm1',
    title: 'The wooden boat',
    privacy: 'public',
    ...fields,
  }) as Post;

const refusal = { code: 'INTERNAL', message: 'down', statusCode: 500 };

/** A cache holding the post being edited and a list of posts that shows it. */
function cacheWith(api: ReturnType<typeof heldGateway>['api']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const detail = postQueries.detail(api, 'p1').queryKey;
  const list = postQueries.list(api, { magazine: true, limit: 3 }).queryKey;
  client.setQueryData(detail, post());
  client.setQueryData(list, {
    posts: [{ ...post(), excerpt: 'A boat.', readingMinutes: 1 }],
    pageNumber: 1,
    limit: 3,
    hasMore: false,
    asOf: '2026-11-26T00:00:00.000Z',
    nextCursor: null,
  });
  return { client, detail, list };
}

/** Lets the mutation's steps before the call (cancelling the post's queries) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a post’s privacy changed on the writing page', () => {
  it('shows at once, then as the service saved it, and marks the lists stale', async () => {
    const { api, held } = heldGateway();
    const { client, detail, list } = cacheWith(api);
    const change = new MutationObserver(client, postEdits.privacy(api, client, 'p1'));
    const done = change.mutate('private');
    await settle();
    // Before the service answers, the post is private in the cache (the page shows it so).
    expect(client.getQueryData(detail)?.privacy).toBe('private');
    expect(held.map((call) => [call.path, call.body])).toEqual([
      ['/api/posts/updatePostPrivacy', { postId: 'p1', privacy: 'private' }],
    ]);
    held[0]!.answer(200, post({ privacy: 'private', title: 'As saved' }));
    await done;
    expect(client.getQueryData(detail)).toEqual(post({ privacy: 'private', title: 'As saved' }));
    expect(client.getQueryState(detail)?.isInvalidated).toBe(false);
    expect(client.getQueryState(list)?.isInvalidated).toBe(true);
  });

  it('is taken back when the service refuses it, and the lists are left as they were', async () => {
    const { api, held } = heldGateway();
    const { client, detail, list } = cacheWith(api);
    const change = new MutationObserver(client, postEdits.privacy(api, client, 'p1'));
    const done = change.mutate('private');
    await settle();
    expect(client.getQueryData(detail)?.privacy).toBe('private');
    held[0]!.answer(500, refusal);
    await expect(done).rejects.toThrow();
    expect(client.getQueryData(detail)).toEqual(post());
    expect(client.getQueryState(list)?.isInvalidated).toBe(false);
  });
});

describe('a post saved or deleted', () => {
  it('saved: the cache holds it as the service answered, fresh, and every list is stale', () => {
    const { api } = heldGateway();
    const { client, detail, list } = cacheWith(api);
    postEdits.saved(api, client, post({ title: 'Changed' }));
    expect(client.getQueryData(detail)?.title).toBe('Changed');
    expect(client.getQueryState(detail)?.isInvalidated).toBe(false);
    expect(client.getQueryState(list)?.isInvalidated).toBe(true);
  });

  it('deleted: every list is stale and nothing is asked again while the page still shows it', () => {
    const { api, held } = heldGateway();
    const { client, list } = cacheWith(api);
    postEdits.deleted(client);
    expect(client.getQueryState(list)?.isInvalidated).toBe(true);
    expect(held).toEqual([]);
  });
});
