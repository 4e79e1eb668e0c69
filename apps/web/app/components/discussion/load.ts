import type { Api } from '@mepedia/web-api';
import { discussionQueries } from '@mepedia/web-api/queries';
import type { QueryClient } from '@tanstack/react-query';

/**
 * A discussion's first page for the server render, put in the page's query cache (and so handed
 * to the browser's): its comments, how many messages it has, and who wrote them (one call for all
 * the names). False when the comments cannot be read right now: the page still shows, with a way
 * to try again.
 */
export async function loadDiscussion(
  queryClient: QueryClient,
  api: Api,
  roomId: string,
): Promise<boolean> {
  try {
    // The page carries the room's count too: one call, one privacy check.
    await queryClient.fetchInfiniteQuery(discussionQueries.comments(api, roomId));
    return true;
  } catch {
    return false;
  }
}
