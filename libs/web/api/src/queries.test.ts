import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApi } from './client';
import {
  discussionQueries,
  loadedFromService,
  postQueries,
  reactionQueries,
  userQueries,
  type DiscussionPage,
} from './queries';

/** A gateway stand-in: answers by path, and every call asked, with its body. */
function gateway(answer: (path: string, body: Record<string, unknown>) => unknown) {
  const asked: Array<{ path: string; body: Record<string, unknown> }> = [];
  const fetch: typeof globalThis.fetch = async (url, init) => {
    const path = typeof url === 'string' ? url : url instanceof URL ? url.pathname : url.url;
    const body = (typeof init?.body === 'string' ? JSON.parse(init.body) : {}) as Record<
      string,
      unknown
    >;
    asked.push({ path, body });
    return new Response(JSON.stringify(answer(path, body)), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { asked, api: createApi({ baseUrl: '', fetch }) };
}

const comment = (messageId: string, authorId: string | null = 'author-1') => ({
  messageId,
  feedRoomId: 'post-1',
  postId: 'post-1',
  parentMessageId: null,
  authorId,
  message: 'hello',
  tag: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  editedAt: null,
  likes: 0,
  repliesCount: 0,
  deleted: false,
});

const page = (messages: string[], hasMore: boolean, local: string[] = []): DiscussionPage => ({
  messages: messages.map((id) => comment(id)),
  total: messages.length,
  count: messages.length,
  hasMore,
  likedByMe: [],
  authors: [],
  local,
});

describe('query keys', () => {
  const { api } = gateway(() => ({}));

  it('nest under their domain, so one key invalidates everything of it', () => {
    for (const key of [
      postQueries.pages(api, { magazine: true }).queryKey,
      postQueries.detail(api, 'p1').queryKey,
      postQueries.like(api, 'p1').queryKey,
    ])
      expect(key.slice(0, 1)).toEqual(postQueries.all);
    for (const key of [
      userQueries.people(api, { pageNumber: 0 }).queryKey,
      userQueries.account(api, 'm1').queryKey,
      userQueries.session(api).queryKey,
    ])
      expect(key.slice(0, 1)).toEqual(userQueries.all);
    // One member's full record is never read as another's (a sign-in elsewhere in the visit).
    expect(userQueries.account(api, 'm1').queryKey).not.toEqual(
      userQueries.account(api, 'm2').queryKey,
    );
    expect(reactionQueries.state(api, 'posts', 'p1').queryKey.slice(0, 1)).toEqual(
      reactionQueries.all,
    );
    // A room's comments and every thread's replies go together.
    const room = discussionQueries.room('post-1');
    expect(discussionQueries.comments(api, 'post-1').queryKey.slice(0, 2)).toEqual(room);
    expect(discussionQueries.replies(api, 'post-1', 'c1').queryKey.slice(0, 2)).toEqual(room);
  });

  it('are the same for the server’s loader and the browser, whichever client asks', () => {
    const other = gateway(() => ({})).api;
    expect(discussionQueries.comments(api, 'post-1').queryKey).toEqual(
      discussionQueries.comments(other, 'post-1').queryKey,
    );
    expect(reactionQueries.state(api, 'posts', 'p1').queryKey).toEqual(
      reactionQueries.state(other, 'posts', 'p1').queryKey,
    );
  });

  it('tell apart what differs: rooms, threads, objects, filters and where a list starts', () => {
    const keys = [
      discussionQueries.comments(api, 'post-1').queryKey,
      discussionQueries.comments(api, 'post-2').queryKey,
      discussionQueries.replies(api, 'post-1', 'c1').queryKey,
      discussionQueries.replies(api, 'post-1', 'c2').queryKey,
      reactionQueries.state(api, 'posts', 'p1').queryKey,
      reactionQueries.state(api, 'meAnswers', 'p1').queryKey,
      postQueries.pages(api, { magazine: true }).queryKey,
      postQueries.pages(api, { magazine: true, sortBy: 'oldest' }).queryKey,
      postQueries.pages(api, { magazine: true }, { cursor: 'c', asOf: 'a' }).queryKey,
    ].map((key) => JSON.stringify(key));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('a discussion’s pages', () => {
  it('come with their authors’ names, one call a page, and start where the last one ended', async () => {
    const { api, asked } = gateway((path, body) =>
      path.endsWith('getMessages')
        ? {
            messages:
              body['skip'] === 0
                ? [comment('a', 'u1'), comment('b', 'u2'), comment('c', 'u1')]
                : [comment('d', null)],
            total: 4,
            count: 4,
            hasMore: body['skip'] === 0,
            likedByMe: [],
          }
        : { members: [{ id: 'u1', fullname: 'Noa' }] },
    );
    const client = new QueryClient();
    const options = discussionQueries.comments(api, 'post-1');
    const data = await client.fetchInfiniteQuery(options);
    expect(data.pages[0]!.authors).toEqual([{ id: 'u1', fullname: 'Noa' }]);
    expect(asked.map((call) => call.path)).toEqual([
      '/api/feedMessages/getMessages',
      '/api/users/getMembersByIds',
    ]);
    expect(asked[0]!.body).toEqual({ id: 'post-1', skip: 0 });
    expect(asked[1]!.body).toEqual({ ids: ['u1', 'u2'] });

    // Two pages from the start (a new cache): the second starts past the first's three; a page
    // of a former member's comment only asks no names.
    const more = await new QueryClient().fetchInfiniteQuery({ ...options, pages: 2 });
    expect(asked.slice(2).map((call) => [call.path, call.body])).toEqual([
      ['/api/feedMessages/getMessages', { id: 'post-1', skip: 0 }],
      ['/api/users/getMembersByIds', { ids: ['u1', 'u2'] }],
      ['/api/feedMessages/getMessages', { id: 'post-1', skip: 3 }],
    ]);
    expect(more.pages).toHaveLength(2);
    expect(options.getNextPageParam(more.pages[1]!, more.pages, 3, more.pageParams)).toBe(
      undefined,
    );
  });

  it('show a page even when the names cannot be read', async () => {
    const { api } = gateway((path) => {
      if (path.endsWith('getMembersByIds')) throw new Error('down');
      return { messages: [comment('a')], total: 1, count: 1, hasMore: false, likedByMe: [] };
    });
    const data = await new QueryClient().fetchInfiniteQuery(
      discussionQueries.comments(api, 'post-1'),
    );
    expect(data.pages[0]!.messages).toHaveLength(1);
    expect(data.pages[0]!.authors).toEqual([]);
  });

  it('ask a thread’s next replies past the service’s own, not past the reader’s new ones', () => {
    const { api } = gateway(() => ({}));
    const next = discussionQueries.replies(api, 'post-1', 'c1').getNextPageParam;
    const pages = [page(['r1', 'r2'], true), page(['r3', 'mine'], true, ['mine'])];
    expect(loadedFromService(pages)).toBe(3);
    expect(next(pages[1]!, pages, 2, [0, 2])).toBe(3);
    expect(next(page([], false), pages, 2, [0, 2])).toBeUndefined();
  });

  it('ask a thread by its comment', async () => {
    const { api, asked } = gateway(() => ({
      messages: [],
      total: 0,
      count: 0,
      hasMore: false,
      likedByMe: [],
    }));
    await new QueryClient().fetchInfiniteQuery(discussionQueries.replies(api, 'post-1', 'c1'));
    expect(asked).toEqual([
      { path: '/api/feedMessages/getMessages', body: { id: 'post-1', parentId: 'c1', skip: 0 } },
    ]);
  });
});

describe('a list of posts that loads more', () => {
  it('starts where the address says and goes on with the service’s cursor and the first time', async () => {
    const { api, asked } = gateway((_path, body) => ({
      posts: [],
      limit: 12,
      asOf: '2026-11-01T00:00:00.000Z',
      nextCursor: body['cursor'] === 'second' ? null : 'second',
    }));
    const options = postQueries.pages(api, { magazine: true, limit: 12 }, { cursor: 'first' });
    const first = await new QueryClient().fetchInfiniteQuery(options);
    expect(asked[0]!.body).toEqual({ magazine: true, limit: 12, cursor: 'first' });
    expect(options.getNextPageParam(first.pages[0]!, first.pages, {}, first.pageParams)).toEqual({
      cursor: 'second',
      asOf: '2026-11-01T00:00:00.000Z',
    });
    const both = await new QueryClient().fetchInfiniteQuery({ ...options, pages: 2 });
    expect(asked.slice(1).map((call) => call.body)).toEqual([
      { magazine: true, limit: 12, cursor: 'first' },
      {
        magazine: true,
        limit: 12,
        cursor: 'second',
        asOf: '2026-11-01T00:00:00.000Z',
      },
    ]);
    expect(options.getNextPageParam(both.pages[1]!, both.pages, {}, both.pageParams)).toBe(
      undefined,
    );
  });
});
