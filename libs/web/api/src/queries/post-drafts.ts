import type { PostDraft, PostDraftsPage } from '@mepedia/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Api } from '../client';

/**
 * A member's drafts of posts (issue 33), theirs alone: under a key of their own, not the posts'
 * (a draft is never in a list of posts), and never stale by time: only this member's own saves,
 * publishes and deletes change them, and those set or mark the cache themselves.
 */
export const postDraftQueries = {
  all: ['postDrafts'] as const,
  /** The Drafts list, most recently changed first, a page at a time. */
  list: (api: Api, limit = 12) =>
    infiniteQueryOptions({
      queryKey: [...postDraftQueries.all, 'list', limit] as const,
      queryFn: ({ pageParam }): Promise<PostDraftsPage> =>
        api.posts.getDrafts({ limit, ...(pageParam ? { cursor: pageParam } : {}) }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last): string | undefined => last.nextCursor ?? undefined,
      staleTime: 0,
    }),
  /** One draft, whole, for the editor. */
  detail: (api: Api, draftId: string) =>
    queryOptions({
      queryKey: [...postDraftQueries.all, 'detail', draftId] as const,
      queryFn: (): Promise<PostDraft> => api.posts.getDraft(draftId),
      staleTime: Infinity,
    }),
};
