import type { CurrentUser, PeoplePage, PeopleQuery } from '@mepedia/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { Api } from '../client';
import { STALE } from './stale';

export const userQueries = {
  all: ['users'] as const,
  session: (api: Api) =>
    queryOptions({
      queryKey: [...userQueries.all, 'session'] as const,
      queryFn: async (): Promise<CurrentUser | null> => {
        const session = await api.users.session();
        return session === 'NoSession' ? null : session;
      },
      staleTime: STALE.short,
    }),
  /**
   * The member's full record (contact details, birthdate and all), for the settings page only: read
   * in the browser into its cache, never into the server-rendered HTML or a shared cache. Changed
   * only there (each save puts its answer here), so nothing refetches behind their typing. Keyed
   * by the member: the browser's cache outlives a sign-in as someone else in another tab.
   */
  account: (api: Api, memberId: string) =>
    queryOptions({
      queryKey: [...userQueries.all, 'account', memberId] as const,
      queryFn: (): Promise<CurrentUser | 'NoSession'> => api.users.session(),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
  publishedAmount: (api: Api) =>
    queryOptions({
      queryKey: [...userQueries.all, 'publishedAmount'] as const,
      queryFn: async () => (await api.users.getPublishedProfilesAmount()).publishedProfilesAmount,
      staleTime: STALE.long,
    }),
  people: (api: Api, query: PeopleQuery) =>
    queryOptions({
      queryKey: [...userQueries.all, 'people', query] as const,
      queryFn: (): Promise<PeoplePage> => api.users.getPublishedUsers(query),
      staleTime: STALE.short,
    }),
  /** The home page's recommended members, those who use the reader's language first. */
  homepage: (api: Api, language: 'en' | 'he') =>
    queryOptions({
      queryKey: [...userQueries.all, 'homepage', language] as const,
      queryFn: (): Promise<PeoplePage> =>
        api.users.getHomepageUsers({ limit: 6, sortBy: 'mostRecent', language }),
      staleTime: STALE.long,
    }),
};
