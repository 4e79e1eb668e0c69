import type {
  PeopleResults,
  SearchPeopleRequest,
  SearchStoriesRequest,
  StoriesPage,
} from '@mepedia/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Api } from '../client';
import { STALE } from './stale';

/**
 * The longest query the service takes and the kinds of stories: the contracts' SEARCH_QUERY_MAX
 * and STORY_KINDS, written here so the pages' scripts take no schema library along
 * (search.test.ts holds them equal).
 */
export const SEARCH_QUERY_LIMIT = 200;
export const SEARCH_STORY_KINDS = ['post', 'answer', 'privateAnswer'] as const;

/** How many stories a page of results asks for (the service's default), and people beside them. */
export const SEARCH_STORIES_PAGE = 20;
export const SEARCH_PEOPLE_PAGE = 6;

/** What is looked for, without where a page starts: the infinite query adds the cursors. */
export type StoriesSearch = Omit<SearchStoriesRequest, 'cursor' | 'limit' | 'typing'>;
export type PeopleSearch = Omit<SearchPeopleRequest, 'cursor' | 'limit' | 'typing'>;

const cursorOf = (last: { nextCursor: string | null }): string | undefined =>
  last.nextCursor ?? undefined;
const from = (pageParam: string | undefined) => (pageParam ? { cursor: pageParam } : {});

/**
 * Search (issue 36): people and stories matching a query, a page at a time ("More results"),
 * `start` the cursor an address begins at (a later page's address is a page of its own, for a
 * browser without scripts). Always the caller's own view, so no key holds a member: the
 * browser's cache is emptied when the member signed in changes (components/query). A submitted
 * search never sends `typing`: its last word is a word, not the start of one.
 */
export const searchQueries = {
  all: ['search'] as const,
  stories: (api: Api, search: StoriesSearch, start?: string, limit = SEARCH_STORIES_PAGE) =>
    infiniteQueryOptions({
      queryKey: [...searchQueries.all, 'stories', search, limit, start ?? null] as const,
      queryFn: ({ pageParam }): Promise<StoriesPage> =>
        api.search.searchStories({ ...search, limit, ...from(pageParam) }),
      initialPageParam: start,
      getNextPageParam: cursorOf,
      staleTime: STALE.short,
    }),
  people: (api: Api, search: PeopleSearch, start?: string, limit = SEARCH_PEOPLE_PAGE) =>
    infiniteQueryOptions({
      queryKey: [...searchQueries.all, 'people', search, limit, start ?? null] as const,
      queryFn: ({ pageParam }): Promise<PeopleResults> =>
        api.search.searchPeople({ ...search, limit, ...from(pageParam) }),
      initialPageParam: start,
      getNextPageParam: cursorOf,
      staleTime: STALE.short,
    }),
  /**
   * Where a member's private questions are on their page (`/me/{id}/custom-question/{n}`), by
   * question id, among those the caller may read: a private answer found by search links there.
   * The places alone, not the answers' texts (getSharedAnswers brings them along).
   */
  privateAnswerPlaces: (api: Api, ownerId: string) =>
    queryOptions({
      queryKey: [...searchQueries.all, 'privateAnswerPlaces', ownerId] as const,
      queryFn: async (): Promise<Record<string, number>> => {
        const { answers } = await api.privateQuestions.getSharedAnswers(ownerId);
        return Object.fromEntries(answers.map((item) => [item.questionId, item.questionIndex]));
      },
      staleTime: STALE.short,
    }),
};
