import { SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX, STORY_KINDS } from '@mepedia/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApi } from '../client';
import {
  SEARCH_QUERY_LIMIT,
  SEARCH_STORIES_PAGE,
  SEARCH_STORY_KINDS,
  searchQueries,
} from './search';

/** A gateway stand-in: answers by path, and every call asked, with its body. */
function gateway(answer: (path: string, body: Record<string, unknown>) => unknown) {
  const asked: Array<{ path: string; body: Record<string, unknown> }> = [];
  const api = createApi({
    baseUrl: '',
    fetch: async (url, init) => {
      const path = typeof url === 'string' ? url : url instanceof URL ? url.pathname : url.url;
      const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
        string,
        unknown
      >;
      asked.push({ path, body });
      return new Response(JSON.stringify(answer(path, body)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { api, asked };
}

describe('searchQueries', () => {
  it('keeps the contracts’ limits, written out so the pages carry no schema library', () => {
    expect(SEARCH_QUERY_LIMIT).toBe(SEARCH_QUERY_MAX);
    expect([...SEARCH_STORY_KINDS]).toEqual([...STORY_KINDS]);
    expect(SEARCH_STORIES_PAGE).toBe(SEARCH_PAGE_SIZE);
  });

  it('asks for the stories with the filters, then the next page with its cursor', async () => {
    const { api, asked } = gateway((_, body) => ({
      stories: [],
      nextCursor: body['cursor'] ? null : 'c-2',
    }));
    const client = new QueryClient();
    const search = { query: 'bread', kinds: ['post' as const], language: 'he' as const };
    const page = await client.fetchInfiniteQuery({
      ...searchQueries.stories(api, search),
      pages: 2,
    });
    expect(page.pages.map((item) => item.nextCursor)).toEqual(['c-2', null]);
    expect(asked).toEqual([
      {
        path: '/api/search/searchStories',
        body: { query: 'bread', kinds: ['post'], language: 'he', limit: 20 },
      },
      {
        path: '/api/search/searchStories',
        body: { query: 'bread', kinds: ['post'], language: 'he', limit: 20, cursor: 'c-2' },
      },
    ]);
  });

  it('starts where the address starts, under a key of its own', async () => {
    const { api, asked } = gateway(() => ({ people: [], nextCursor: null }));
    const client = new QueryClient();
    await client.fetchInfiniteQuery(searchQueries.people(api, { query: 'לחם' }, 'c-9'));
    expect(asked).toEqual([
      { path: '/api/search/searchPeople', body: { query: 'לחם', limit: 6, cursor: 'c-9' } },
    ]);
    expect(searchQueries.people(api, { query: 'לחם' }, 'c-9').queryKey).not.toEqual(
      searchQueries.people(api, { query: 'לחם' }).queryKey,
    );
  });

  it('keeps only the places of a member’s private answers, by question id', async () => {
    const { api, asked } = gateway(() => ({
      answers: [
        { questionId: 'q-a', questionIndex: 2, questionTitle: 'A', subQuestions: [] },
        { questionId: 'q-b', questionIndex: 5, questionTitle: 'B', subQuestions: [] },
      ],
    }));
    const places = await new QueryClient().fetchQuery(
      searchQueries.privateAnswerPlaces(api, 'owner-1'),
    );
    expect(places).toEqual({ 'q-a': 2, 'q-b': 5 });
    expect(asked).toEqual([
      { path: '/api/privateQuestions/getSharedAnswers', body: { userId: 'owner-1' } },
    ]);
  });
});
