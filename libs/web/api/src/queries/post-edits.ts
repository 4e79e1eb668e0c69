import type { Post, PostPrivacy } from '@mepedia/contracts';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { Api } from '../client';
import { postQueries } from './posts';

/** What a privacy change took from the cache, to put back if the service refuses it. */
export type PrivacyTaken = { before: Post | undefined };

/**
 * The writing page's changes to a post, with what each does to the cache: the post as its author
 * edits it is `postQueries.detail`; every list of posts (the magazine, a profile's) is under
 * `postQueries.all` and is marked stale by a change, to be read again where it shows next.
 */
export const postEdits = {
  all: [...postQueries.all, 'edit'] as const,
  /**
   * Public or private, shown at once: the post in the cache takes the new privacy before the
   * service answers; the answer replaces it, and a refusal puts the post back as it was.
   */
  privacy: (api: Api, queryClient: QueryClient, postId: string) => {
    const { queryKey } = postQueries.detail(api, postId);
    return mutationOptions({
      mutationKey: [...postEdits.all, 'privacy', postId] as const,
      mutationFn: (privacy: PostPrivacy): Promise<Post> =>
        api.posts.updatePostPrivacy(postId, privacy),
      onMutate: async (privacy): Promise<PrivacyTaken> => {
        await queryClient.cancelQueries({ queryKey });
        const before = queryClient.getQueryData(queryKey);
        if (before) queryClient.setQueryData(queryKey, { ...before, privacy });
        return { before };
      },
      onSuccess: (post) => postEdits.saved(api, queryClient, post),
      onError: (_error, _privacy, taken) => {
        if (taken?.before) queryClient.setQueryData(queryKey, taken.before);
      },
    });
  },
  /**
   * A post written or changed: every list is stale (read again where it shows next, not now),
   * and the cache holds the post as the service saved it.
   */
  saved: (api: Api, queryClient: QueryClient, post: Post) => {
    void queryClient.invalidateQueries({ queryKey: postQueries.all, refetchType: 'none' });
    queryClient.setQueryData(postQueries.detail(api, post.postId).queryKey, post);
  },
  /**
   * A post deleted: every list is stale, the post too. It is not taken out of the cache under
   * the page still showing it (its query would ask the service again, for a post that is gone);
   * it goes with the page, and a later visit to its address is the loader's 404.
   */
  deleted: (queryClient: QueryClient) =>
    void queryClient.invalidateQueries({ queryKey: postQueries.all, refetchType: 'none' }),
};
