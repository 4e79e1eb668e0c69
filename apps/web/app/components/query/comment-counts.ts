// In the query chunk (vite.config.ts QUERY_CACHE) with the cache it runs on: a shared part in
// lib/ would be the shell's, and the shell would then import the query chunk that imports it.
import type { Api } from '@mepedia/web-api';
import { discussionQueries } from '@mepedia/web-api/queries';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api';

type Listed = { postId: string };

/**
 * Put the comment counts of a page's lists in its cache as its loader reads them, so the page is
 * drawn with them: one call for all of them, each list's counts then kept under the key
 * `useCommentCounts` asks for that list (its stories' ids, in the order the page shows them).
 * A failure leaves the cards without counts (the browser asks once more); it never fails the
 * page.
 */
export async function prefetchCommentCounts(
  queryClient: QueryClient,
  api: Api,
  ...lists: ReadonlyArray<readonly Listed[]>
): Promise<void> {
  const shown = lists.filter((posts) => posts.length > 0);
  if (shown.length === 0) return;
  const idsOf = (posts: readonly Listed[]) => posts.map((post) => post.postId);
  if (shown.length === 1) {
    await queryClient.prefetchQuery(discussionQueries.counts(api, idsOf(shown[0] ?? [])));
    return;
  }
  const all = [...new Set(shown.flatMap(idsOf))];
  const counts = await queryClient
    .fetchQuery({ ...discussionQueries.counts(api, all), staleTime: 0 })
    .catch(() => null);
  // The whole page's key is not one the page asks for: only each list's is kept.
  queryClient.removeQueries({ queryKey: discussionQueries.counts(api, all).queryKey, exact: true });
  if (!counts) return;
  for (const posts of shown) {
    const ids = idsOf(posts);
    // A story the reader may not read has no count: left out, as the call leaves it out.
    const own = Object.fromEntries(
      ids.filter((id) => id in counts).map((id) => [id, counts[id] ?? 0]),
    );
    queryClient.setQueryData(discussionQueries.counts(api, ids).queryKey, own);
  }
}

/** A list's comment counts by post id (empty until they come, or when they cannot). */
export function useCommentCounts(posts: readonly Listed[]): Record<string, number> {
  const api = useApi();
  const ids = posts.map((post) => post.postId);
  return useQuery(discussionQueries.counts(api, ids)).data ?? {};
}
