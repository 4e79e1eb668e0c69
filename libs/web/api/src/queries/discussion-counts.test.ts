import { FEED_MESSAGE_COUNTS_MAX } from '@mepedia/contracts/browser';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApi } from '../client';
import { discussionQueries } from './discussion';

/** A gateway that counts each room's id length, and notes each call's ids. */
function countingGateway() {
  const calls: string[][] = [];
  const api = createApi({
    baseUrl: '',
    fetch: (_url, init) => {
      const { ids } = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as {
        ids: string[];
      };
      calls.push(ids);
      // A room the caller may not read ("closed") is left out, as the service does.
      const counts = Object.fromEntries(
        ids.filter((id) => id !== 'closed').map((id) => [id, id.length]),
      );
      return Promise.resolve(
        new Response(JSON.stringify({ counts }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    },
  });
  return { api, calls };
}

describe('discussionQueries.counts', () => {
  it('asks a list’s counts in one call, keyed by its ids', async () => {
    const { api, calls } = countingGateway();
    const query = discussionQueries.counts(api, ['a', 'bb', 'closed']);
    expect(query.queryKey).toEqual(['feedMessages', 'counts', ['a', 'bb', 'closed']]);
    expect(await new QueryClient().fetchQuery(query)).toEqual({ a: 1, bb: 2 });
    expect(calls).toEqual([['a', 'bb', 'closed']]);
  });

  it('splits a list longer than the service takes, and puts the answers together', async () => {
    const { api, calls } = countingGateway();
    const ids = Array.from({ length: FEED_MESSAGE_COUNTS_MAX + 3 }, (_, i) => `p${i}`);
    const counts = await new QueryClient().fetchQuery(discussionQueries.counts(api, ids));
    expect(calls.map((call) => call.length)).toEqual([FEED_MESSAGE_COUNTS_MAX, 3]);
    expect(Object.keys(counts)).toEqual(ids);
  });

  it('asks nothing for an empty list', () => {
    const { api } = countingGateway();
    expect(discussionQueries.counts(api, []).enabled).toBe(false);
  });
});
