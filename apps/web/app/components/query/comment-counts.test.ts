import { createApi } from '@mepedia/web-api';
import { discussionQueries } from '@mepedia/web-api/queries';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { prefetchCommentCounts } from './comment-counts';

/** An API whose counts call answers `counts` (leaving out ids it does not know), recording each call's ids. */
function countsApi(counts: Record<string, number>, fail = false) {
  const asked: string[][] = [];
  const api = createApi({
    baseUrl: '',
    fetch: (_url, init) => {
      const { ids } = JSON.parse(init?.body as string) as { ids: string[] };
      asked.push(ids);
      if (fail) return Promise.resolve(new Response('{}', { status: 503 }));
      const known = Object.fromEntries(
        ids.filter((id) => id in counts).map((id) => [id, counts[id]]),
      );
      return Promise.resolve(Response.json({ counts: known }));
    },
  });
  return { api, asked };
}

const stories = (...ids: string[]) => ids.map((postId) => ({ postId }));

describe('prefetchCommentCounts', () => {
  it('asks once for all of a page’s lists and keeps each list’s counts under its own key', async () => {
    const { api, asked } = countsApi({ a: 2, b: 0, c: 5 });
    const client = new QueryClient();
    const feed = stories('a', 'b');
    const magazine = stories('c', 'a', 'hidden');
    await prefetchCommentCounts(client, api, feed, magazine, []);
    expect(asked).toEqual([['a', 'b', 'c', 'hidden']]);
    expect(client.getQueryData(discussionQueries.counts(api, ['a', 'b']).queryKey)).toEqual({
      a: 2,
      b: 0,
    });
    // A story the reader may not read stays without a count, as the call leaves it out.
    expect(
      client.getQueryData(discussionQueries.counts(api, ['c', 'a', 'hidden']).queryKey),
    ).toEqual({ c: 5, a: 2 });
    // Only the lists' keys are kept, not the whole page's.
    expect(client.getQueryCache().getAll()).toHaveLength(2);
  });

  it('asks nothing for empty lists, and one list keeps its own call', async () => {
    const { api, asked } = countsApi({ a: 1 });
    const client = new QueryClient();
    await prefetchCommentCounts(client, api, [], []);
    expect(asked).toEqual([]);
    await prefetchCommentCounts(client, api, stories('a'));
    expect(asked).toEqual([['a']]);
    expect(client.getQueryData(discussionQueries.counts(api, ['a']).queryKey)).toEqual({ a: 1 });
  });

  it('leaves the cards without counts when the call fails, never failing the page', async () => {
    const { api } = countsApi({}, true);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(
      prefetchCommentCounts(client, api, stories('a'), stories('b')),
    ).resolves.toBeUndefined();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
