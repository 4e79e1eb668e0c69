import type { PostsPage } from '@mepedia/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { Api } from '../client';
import { postQueries } from './posts';
import { STALE } from './stale';

/** A profile's list of posts as its page asks for it: an order and a page, from 0. */
export type ProfilePostsView = { sort: 'mostRecent' | 'oldest'; page: number; limit: number };

/**
 * What a member's profile page reads beside the profile itself (which is the page's loader
 * data, as a post is its page's): its views and its posts. Its answers are
 * `meAnswerQueries.member`, the questionnaire `meAnswerQueries.questionnaire`.
 */
export const profileQueries = {
  all: ['profiles'] as const,
  profile: (profileId: string) => [...profileQueries.all, profileId] as const,
  /**
   * The profile's views, this visit counted: the service counts a member or visitor once, so
   * asking again counts nothing more. Only the browser asks (a crawler that runs no scripts
   * counts nothing); read once a visit, it is not refetched behind the reader.
   */
  views: (api: Api, profileId: string) =>
    queryOptions({
      queryKey: [...profileQueries.profile(profileId), 'views'] as const,
      queryFn: async (): Promise<number> => (await api.views.toggleView('users', profileId)).views,
      staleTime: Infinity,
      retry: false,
    }),
  /**
   * The member's posts, a page of them: under the posts' key, so a post written, changed or
   * deleted marks it stale with every other list.
   */
  posts: (api: Api, profileId: string, view: ProfilePostsView) =>
    queryOptions({
      queryKey: [...postQueries.all, 'profile', profileId, view] as const,
      queryFn: (): Promise<PostsPage> =>
        api.posts.getPosts({
          publisherId: profileId,
          sortBy: view.sort,
          limit: view.limit,
          pageNumber: view.page,
        }),
      staleTime: STALE.short,
    }),
};
