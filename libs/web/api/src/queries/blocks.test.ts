import type { FollowCounts, MyBlocks } from '@mepedia/contracts';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApi } from '../client';
import { blockEdits, blockQueries, blockStateIn, listsAfter } from './blocks';
import { FOLLOWING_POSTS_KEY, followQueries } from './follows';

const entry = (userId: string) => ({ userId, fullname: userId, since: '2026-12-01T09:00:00Z' });
const LISTS: MyBlocks = { blocked: [entry('noa'), entry('dan')], muted: [entry('noa')] };

/** A gateway that answers each call with `answer(path)`, and lists what was asked. */
function gateway(answer: (path: string) => { status: number; body: unknown }) {
  const asked: string[] = [];
  const api = createApi({
    baseUrl: '',
    fetch: async (url) => {
      const path = typeof url === 'string' ? url : url instanceof URL ? url.pathname : url.url;
      asked.push(path);
      const { status, body } = answer(path);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { api, asked };
}

describe('the block queries', () => {
  it('keep the reader’s lists and each member’s state under the reader', () => {
    const { api } = gateway(() => ({ status: 200, body: LISTS }));
    expect(blockQueries.mine(api, 'me').queryKey).toEqual(['blocks', 'me', 'mine']);
    expect(blockQueries.state(api, 'me', 'noa').queryKey).toEqual(['blocks', 'me', 'state', 'noa']);
  });

  it('read one member’s state from the lists (the service has no call for one)', async () => {
    const { api, asked } = gateway(() => ({ status: 200, body: LISTS }));
    const client = new QueryClient();
    expect(await client.fetchQuery(blockQueries.state(api, 'me', 'noa'))).toEqual({
      userId: 'noa',
      blocked: true,
      muted: true,
    });
    expect(blockStateIn(LISTS, 'dan')).toEqual({ userId: 'dan', blocked: true, muted: false });
    expect(blockStateIn(LISTS, 'ruth')).toEqual({ userId: 'ruth', blocked: false, muted: false });
    expect(asked).toEqual(['/api/blocks/getMyBlocks']);
  });

  it('take a member out of a list once unblocked or unmuted, and nothing out otherwise', () => {
    expect(listsAfter(LISTS, 'noa', 'unblock')).toEqual({
      blocked: [entry('dan')],
      muted: [entry('noa')],
    });
    expect(listsAfter(LISTS, 'noa', 'unmute').muted).toEqual([]);
    expect(listsAfter(LISTS, 'noa', 'block')).toBe(LISTS);
  });
});

describe('a block or a mute', () => {
  const counts: FollowCounts = { followers: 3, following: 1, followedByMe: true };

  it('sets the member’s state from the answer, ends the reader’s follow, and marks feeds stale', async () => {
    const { api, asked } = gateway((path) => ({
      status: 200,
      body: path.endsWith('/block') ? { userId: 'ruth', blocked: true, muted: false } : LISTS,
    }));
    const client = new QueryClient();
    client.setQueryData(blockQueries.mine(api, 'me').queryKey, LISTS);
    client.setQueryData(followQueries.counts(api, 'ruth').queryKey, counts);
    client.setQueryData(FOLLOWING_POSTS_KEY, { pages: [], pageParams: [] });
    const observer = new MutationObserver(client, blockEdits.change(api, client, 'me', 'ruth'));
    await observer.mutate('block');
    expect(asked[0]).toBe('/api/blocks/block');
    expect(client.getQueryData(blockQueries.state(api, 'me', 'ruth').queryKey)).toEqual({
      userId: 'ruth',
      blocked: true,
      muted: false,
    });
    expect(client.getQueryData(followQueries.counts(api, 'ruth').queryKey)).toEqual({
      followers: 2,
      following: 1,
      followedByMe: false,
    });
    expect(client.getQueryState(FOLLOWING_POSTS_KEY)?.isInvalidated).toBe(true);
    expect(client.getQueryState(blockQueries.mine(api, 'me').queryKey)?.isInvalidated).toBe(true);
  });

  it('unblocked, leaves the reader’s list at once, and keeps the follow counts', async () => {
    const { api } = gateway((path) => ({
      status: 200,
      body: path.endsWith('/unblock') ? { userId: 'noa', blocked: false, muted: true } : LISTS,
    }));
    const client = new QueryClient();
    client.setQueryData(blockQueries.mine(api, 'me').queryKey, LISTS);
    client.setQueryData(followQueries.counts(api, 'noa').queryKey, counts);
    await new MutationObserver(client, blockEdits.change(api, client, 'me', 'noa')).mutate(
      'unblock',
    );
    expect(client.getQueryData<MyBlocks>(blockQueries.mine(api, 'me').queryKey)?.blocked).toEqual([
      entry('dan'),
    ]);
    expect(client.getQueryData(followQueries.counts(api, 'noa').queryKey)).toEqual(counts);
  });

  it('refused, changes nothing', async () => {
    const { api } = gateway(() => ({
      status: 409,
      body: { code: 'TOO_MANY_BLOCKS', message: 'too many', requestId: 'r' },
    }));
    const client = new QueryClient();
    client.setQueryData(followQueries.counts(api, 'ruth').queryKey, counts);
    await expect(
      new MutationObserver(client, blockEdits.change(api, client, 'me', 'ruth')).mutate('block'),
    ).rejects.toMatchObject({ code: 'TOO_MANY_BLOCKS' });
    expect(client.getQueryData(blockQueries.state(api, 'me', 'ruth').queryKey)).toBeUndefined();
    expect(client.getQueryData(followQueries.counts(api, 'ruth').queryKey)).toEqual(counts);
  });
});
