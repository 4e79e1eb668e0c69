import type { GetPostsRequest, Post, PostsPage } from '@mepedia/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Api } from '../client';
import { STALE } from './stale';

/** A post's like as the reader sees it: theirs, and how many there are. */
export type PostLike = { liked: boolean; likes: number };

/** Where a page of a list of posts starts: the service's cursor and the first page's time. */
export type PostsCursor = { cursor?: string; asOf?: string };

export const postQueries = {
  all: ['posts'] as const,
  list: (api: Api, query: GetPostsRequest) =>
    queryOptions({
      queryKey: [...postQueries.all, 'list', query] as const,
      queryFn: (): Promise<PostsPage> => api.posts.getPosts(query),
      staleTime: STALE.short,
    }),
  /**
   * A list that loads more in place ("More stories"): `query` without its cursor, `from` where the
   * address starts it (a later page's address is a page of its own, for crawlers and links).
   * Every later page keeps the first page's `asOf`, so stories published meanwhile do not push
   * the list down.
   */
  pages: (api: Api, query: Omit<GetPostsRequest, 'cursor' | 'asOf'>, from: PostsCursor = {}) =>
    infiniteQueryOptions({
      queryKey: [...postQueries.all, 'pages', query, from] as const,
      queryFn: ({ pageParam }): Promise<PostsPage> =>
        api.posts.getPosts({ ...query, ...pageParam }),
      initialPageParam: from,
      getNextPageParam: (last): PostsCursor | undefined =>
        last.nextCursor ? { cursor: last.nextCursor, asOf: last.asOf } : undefined,
      staleTime: STALE.short,
    }),
  detail: (api: Api, postId: string) =>
    queryOptions({
      queryKey: [...postQueries.all, 'detail', postId] as const,
      queryFn: (): Promise<Post> => api.posts.getPostById(postId),
      staleTime: STALE.short,
    }),
  /**
   * The reader's like of a post and its count, apart from the post: the page seeds it from the
   * post it loaded (the post's HTML is not sent twice), and a like changes only this.
   */
  like: (api: Api, postId: string) =>
    queryOptions({
      queryKey: [...postQueries.all, 'like', postId] as const,
      queryFn: async (): Promise<PostLike> => {
        const post = await api.posts.getPostById(postId);
        return { liked: post.likedByMe, likes: post.likes };
      },
      staleTime: STALE.short,
    }),
};
