import type {
  CurrentUser,
  GetPostsRequest,
  PeoplePage,
  PeopleQuery,
  Post,
  PostsPage,
} from '@mepedia/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { Api } from './client';

/** How long data stays fresh before a background refetch. */
export const STALE = { short: 30_000, long: 5 * 60_000 } as const;

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
  homepage: (api: Api) =>
    queryOptions({
      queryKey: [...userQueries.all, 'homepage'] as const,
      queryFn: (): Promise<PeoplePage> =>
        api.users.getHomepageUsers({ limit: 6, sortBy: 'mostRecent' }),
      staleTime: STALE.long,
    }),
};

export const postQueries = {
  all: ['posts'] as const,
  list: (api: Api, query: GetPostsRequest) =>
    queryOptions({
      queryKey: [...postQueries.all, 'list', query] as const,
      queryFn: (): Promise<PostsPage> => api.posts.getPosts(query),
      staleTime: STALE.short,
    }),
  detail: (api: Api, postId: string) =>
    queryOptions({
      queryKey: [...postQueries.all, 'detail', postId] as const,
      queryFn: (): Promise<Post> => api.posts.getPostById(postId),
      staleTime: STALE.short,
    }),
};
