// In the query chunk (vite.config.ts QUERY_CACHE) with the cache it runs on: a shared part in
// lib/ would be the shell's, and the shell would then import the query chunk that imports it.
import type { Api } from '@mepedia/web-api';
import { discussionQueries } from '@mepedia/web-api/queries';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api';

type Listed = { postId: string };

/**
 * Put a list's comment counts in the page's cache as its loader reads the list (one call for
 * the whole list), so the page is drawn with them. Call it with the stories in the order the
 * page shows them: the key is their ids, as `useCommentCounts` asks. A failure leaves the cards
 * without counts (the browser asks once more); it never fails the page.
 */
export function prefetchCommentCounts(
  queryClient: QueryClient,
  api: Api,
  posts: readonly Listed[],
): Promise<void> {
  if (posts.length === 0) return Promise.resolve();
  return queryClient.prefetchQuery(
    discussionQueries.counts(
      api,
      posts.map((post) => post.postId),
    ),
  );
}

/** A list's comment counts by post id (empty until they come, or when they cannot). */
export function useCommentCounts(posts: readonly Listed[]): Record<string, number> {
  const api = useApi();
  const ids = posts.map((post) => post.postId);
  return useQuery(discussionQueries.counts(api, ids)).data ?? {};
}
