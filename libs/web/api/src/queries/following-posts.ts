import type { FollowingPostsPage } from '@mepedia/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Api } from '../client';
import { FOLLOWING_POSTS_KEY } from './follows';
import { STALE } from './stale';

/** How many posts a page of "From people you follow" shows. */
export const FOLLOWING_POSTS_PAGE = 6;

export const followingPostsQueries = {
  /**
   * "From people you follow": the public posts of the members the reader follows, newest first,
   * a page at a time. Under the posts' key, so a post written, changed or deleted marks it stale
   * with every other list, and a follow or an unfollow marks it stale too (followEdits); the
   * reader's own (the cache is emptied when the reader changes).
   */
  feed: (api: Api) =>
    infiniteQueryOptions({
      queryKey: FOLLOWING_POSTS_KEY,
      queryFn: ({ pageParam }): Promise<FollowingPostsPage> =>
        api.posts.getFollowingPosts({ cursor: pageParam, limit: FOLLOWING_POSTS_PAGE }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last): string | undefined => last.nextCursor ?? undefined,
      staleTime: STALE.short,
    }),
};
