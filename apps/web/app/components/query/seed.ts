import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';

/**
 * What the page's loader read, put in the query cache under `queryKey` before the page reads it,
 * as HydrationBoundary does with a dehydrated cache: for a page whose key names what its loader
 * does not know (the member signed in, which the root's data holds). `at` is when the loader
 * read it (the server's clock, as a dehydrated cache's); what the cache holds from later (a save
 * since) stays. Once per loader answer: the server's drawing reads it from its own cache, so the
 * page is drawn as before, and the browser asks for nothing again on load.
 */
export function useLoaderSeed<T>(queryKey: QueryKey, data: T | null, at: number): void {
  const client = useQueryClient();
  const hash = hashKey(queryKey);
  useMemo(() => {
    if (data === null) return;
    const held = client.getQueryState(queryKey);
    if (!held || held.data === undefined || held.dataUpdatedAt < at)
      client.setQueryData<T>(queryKey, () => data, { updatedAt: at });
    // The key is compared by its hash; `data` and `at` are one loader answer's.
  }, [client, hash, data, at]);
}
