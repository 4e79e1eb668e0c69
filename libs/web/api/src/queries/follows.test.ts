import { FOLLOW_STATES_MAX, type FollowCounts } from '@mepedia/contracts';
import { InfiniteQueryObserver, MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApi } from '../client';
import {
  countsAfter,
  FOLLOW_LIST_PAGE,
  FOLLOW_STATES_PER_CALL,
  FOLLOWING_POSTS_KEY,
  followEdits,
  followQueries,
} from './follows';
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

const counts = (fields: Partial<FollowCounts> = {}): FollowCounts => ({
  followers: 4,
  following: 2,
  followedByMe: false,
  ...fields,
});

const refusal = { code: 'USER_NOT_FOUND', message: 'gone', statusCode: 404 };

describe('the follow queries', () => {
  const { api } = heldGateway();

  it('keep each member’s counts and lists under the member, and the feed with the posts', () => {
    expect(followQueries.counts(api, 'b').queryKey).toEqual(['follows', 'b', 'counts']);
    expect(followQueries.list(api, 'b', 'followers').queryKey).toEqual([
      'follows',
      'b',
      'followers',
    ]);
    expect(followQueries.list(api, 'b', 'following').queryKey).toEqual([
      'follows',
      'b',
      'following',
    ]);
    // A post written, changed or deleted marks every list of posts stale: this one too.
    expect(FOLLOWING_POSTS_KEY.slice(0, 1)).toEqual(postQueries.all);
    const keys = [
      followQueries.counts(api, 'a').queryKey,
      followQueries.counts(api, 'b').queryKey,
      followQueries.list(api, 'a', 'followers').queryKey,
      followQueries.list(api, 'a', 'following').queryKey,
      FOLLOWING_POSTS_KEY,
    ].map((key) => JSON.stringify(key));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('ask the gateway for the counts, and for a list page by page with the cursor it gave', async () => {
    const { api, held } = heldGateway();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const countsRead = client.fetchQuery(followQueries.counts(api, 'b'));
    await settle();
    held[0]!.answer(200, counts());
    expect(await countsRead).toEqual(counts());

    const list = new InfiniteQueryObserver(client, followQueries.list(api, 'b', 'followers'));
    const stop = list.subscribe(() => undefined);
    await settle();
    held[1]!.answer(200, { members: [], nextCursor: 'c1' });
    await settle();
    expect(list.getCurrentResult().hasNextPage).toBe(true);
    const more = list.fetchNextPage();
    await settle();
    held[2]!.answer(200, { members: [], nextCursor: null });
    await more;
    expect(list.getCurrentResult().hasNextPage).toBe(false);
    stop();
    expect(held.map((call) => [call.path, call.body])).toEqual([
      ['/api/follows/getFollowCounts', { userId: 'b' }],
      ['/api/follows/getFollowers', { userId: 'b', limit: FOLLOW_LIST_PAGE }],
      ['/api/follows/getFollowers', { userId: 'b', cursor: 'c1', limit: FOLLOW_LIST_PAGE }],
    ]);
  });
});

describe('a page of members’ follow states', () => {
  const state = (userId: string, fields: Partial<FollowCounts> = {}) => ({
    userId,
    ...counts(fields),
  });

  it('is one call for the page, and puts each member’s counts where their button reads them', async () => {
    const { api, held } = heldGateway();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const read = client.fetchQuery(followQueries.states(api, client, ['b', 'c', 'gone']));
    await settle();
    expect(held.map((call) => [call.path, call.body])).toEqual([
      ['/api/follows/getFollowStates', { userIds: ['b', 'c', 'gone'] }],
    ]);
    // The service leaves out a member who left since the page was drawn.
    held[0]!.answer(200, { states: [state('b', { followedByMe: true }), state('c')] });
    await read;
    expect(client.getQueryData(followQueries.counts(api, 'b').queryKey)).toEqual(
      counts({ followedByMe: true }),
    );
    expect(client.getQueryData(followQueries.counts(api, 'c').queryKey)).toEqual(counts());
    expect(client.getQueryData(followQueries.counts(api, 'gone').queryKey)).toBeUndefined();
    expect(held).toHaveLength(1);
  });

  it('asks in calls of the service’s most, and for nothing when the page is empty', async () => {
    expect(FOLLOW_STATES_PER_CALL).toBe(FOLLOW_STATES_MAX);
    const { api, held } = heldGateway();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const ids = Array.from({ length: FOLLOW_STATES_PER_CALL + 2 }, (_, n) => `m${n}`);
    const read = client.fetchQuery(followQueries.states(api, client, ids));
    await settle();
    expect(held.map((call) => (call.body as { userIds: string[] }).userIds)).toEqual([
      ids.slice(0, FOLLOW_STATES_PER_CALL),
      ids.slice(FOLLOW_STATES_PER_CALL),
    ]);
    held[0]!.answer(200, { states: [state('m0')] });
    held[1]!.answer(200, { states: [state(ids.at(-1)!)] });
    expect((await read).map((item) => item.userId)).toEqual(['m0', ids.at(-1)]);
    expect(followQueries.states(api, client, []).enabled).toBe(false);
  });

  it('leaves alone a member whose follow is on its way: the follow’s answer sets them', async () => {
    const { api, held } = heldGateway();
    const { client, keys } = cacheWith(api);
    const follow = new MutationObserver(client, followEdits.toggle(api, client, 'b', 'a'));
    const done = follow.mutate(true);
    await settle();
    const read = client.fetchQuery(followQueries.states(api, client, ['b', 'c']));
    await settle();
    // The page's states, read before the follow reached the service, come back first.
    held[1]!.answer(200, { states: [state('b'), state('c', { followers: 9 })] });
    await read;
    expect(client.getQueryData(keys.counts)).toEqual(counts({ followers: 5, followedByMe: true }));
    expect(client.getQueryData(keys.otherCounts)).toEqual(counts({ followers: 9 }));
    held[0]!.answer(200, { userId: 'b', followers: 5, following: 2, followedByMe: true });
    await done;
    expect(client.getQueryData(keys.counts)).toEqual(counts({ followers: 5, followedByMe: true }));
  });
});

describe('countsAfter', () => {
  it('counts the reader in or out once, and never below zero', () => {
    expect(countsAfter(counts(), true)).toEqual(counts({ followers: 5, followedByMe: true }));
    expect(countsAfter(counts({ followers: 5, followedByMe: true }), false)).toEqual(counts());
    // Already in the state asked for: nothing changes (a second click before the answer).
    expect(countsAfter(counts({ followedByMe: true }), true)).toEqual(
      counts({ followedByMe: true }),
    );
    expect(countsAfter(counts({ followers: 0, followedByMe: true }), false).followers).toBe(0);
  });
});

/** A cache holding B's counts, A's own counts and list, B's followers and A's feed. */
function cacheWith(api: ReturnType<typeof heldGateway>['api']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const keys = {
    counts: followQueries.counts(api, 'b').queryKey,
    followers: followQueries.list(api, 'b', 'followers').queryKey,
    readerCounts: followQueries.counts(api, 'a').queryKey,
    readerFollowing: followQueries.list(api, 'a', 'following').queryKey,
    feed: FOLLOWING_POSTS_KEY,
    otherCounts: followQueries.counts(api, 'c').queryKey,
  };
  const emptyList = { pages: [{ members: [], nextCursor: null }], pageParams: [undefined] };
  client.setQueryData(keys.counts, counts());
  client.setQueryData(keys.followers, emptyList);
  client.setQueryData(keys.readerCounts, counts({ following: 0 }));
  client.setQueryData(keys.readerFollowing, emptyList);
  client.setQueryData(keys.feed, {
    pages: [{ posts: [], hasMore: false, nextCursor: null }],
    pageParams: [undefined],
  });
  client.setQueryData(keys.otherCounts, counts());
  return { client, keys };
}

describe('following a member (A follows B)', () => {
  it('shows at once, then as the service answered, and marks what it changes stale', async () => {
    const { api, held } = heldGateway();
    const { client, keys } = cacheWith(api);
    const follow = new MutationObserver(client, followEdits.toggle(api, client, 'b', 'a'));
    const done = follow.mutate(true);
    await settle();
    // Before the service answers, B is followed and counted one more.
    expect(client.getQueryData(keys.counts)).toEqual(counts({ followers: 5, followedByMe: true }));
    expect(held.map((call) => [call.path, call.body])).toEqual([
      ['/api/follows/follow', { userId: 'b' }],
    ]);
    // The service counted someone else meanwhile: its numbers win.
    held[0]!.answer(200, { userId: 'b', followers: 7, following: 2, followedByMe: true });
    await done;
    expect(client.getQueryData(keys.counts)).toEqual(counts({ followers: 7, followedByMe: true }));
    expect(client.getQueryState(keys.counts)?.isInvalidated).toBe(false);
    for (const stale of [keys.followers, keys.readerCounts, keys.readerFollowing, keys.feed])
      expect(client.getQueryState(stale)?.isInvalidated, JSON.stringify(stale)).toBe(true);
    // Another member's counts are not A's to change.
    expect(client.getQueryState(keys.otherCounts)?.isInvalidated).toBe(false);
    // Marked stale, not read again now: nothing more was asked.
    expect(held).toHaveLength(1);
  });

  it('is taken back when the service refuses it, and nothing is marked stale', async () => {
    const { api, held } = heldGateway();
    const { client, keys } = cacheWith(api);
    const follow = new MutationObserver(client, followEdits.toggle(api, client, 'b', 'a'));
    const done = follow.mutate(true);
    await settle();
    expect(client.getQueryData(keys.counts)?.followedByMe).toBe(true);
    held[0]!.answer(404, refusal);
    await expect(done).rejects.toThrow();
    expect(client.getQueryData(keys.counts)).toEqual(counts());
    for (const key of Object.values(keys))
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(false);
  });

  it('unfollows the same way, and puts the follow back when refused', async () => {
    const { api, held } = heldGateway();
    const { client, keys } = cacheWith(api);
    client.setQueryData(keys.counts, counts({ followers: 5, followedByMe: true }));
    const unfollow = new MutationObserver(client, followEdits.toggle(api, client, 'b', 'a'));
    const done = unfollow.mutate(false);
    await settle();
    expect(client.getQueryData(keys.counts)).toEqual(counts());
    expect(held.map((call) => call.path)).toEqual(['/api/follows/unfollow']);
    held[0]!.answer(500, { code: 'INTERNAL', message: 'down', statusCode: 500 });
    await expect(done).rejects.toThrow();
    expect(client.getQueryData(keys.counts)).toEqual(counts({ followers: 5, followedByMe: true }));
  });

  it('with no counts in the cache yet, makes none up, before the answer or after a refusal', async () => {
    const { api, held } = heldGateway();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = followQueries.counts(api, 'b').queryKey;
    const follow = new MutationObserver(client, followEdits.toggle(api, client, 'b', 'a'));
    const done = follow.mutate(true);
    await settle();
    expect(client.getQueryData(key)).toBeUndefined();
    held[0]!.answer(404, refusal);
    await expect(done).rejects.toThrow();
    expect(client.getQueryData(key)).toBeUndefined();
  });
});
