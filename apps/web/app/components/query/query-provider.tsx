import {
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
  type DehydratedState,
} from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';

const OPTIONS = { defaultOptions: { queries: { retry: 1 } } };

/** One cache for the browser's whole visit, shared by the pages that use one. */
let browserClient: QueryClient | undefined;
/** The member signed in when a cache was last read (null: a guest). */
const cacheMembers = new WeakMap<QueryClient, string | null>();

/**
 * What a member reads (their private answers and posts on their profile, a post to edit) is not
 * what the next one may: when the member signed in changes (signed out, or in as someone else in
 * another tab, which the root's loader learns on the next navigation), the browser's cache is
 * emptied before the page reads it, so not even one frame shows the first member's answers.
 */
export function forgetOtherMembers(client: QueryClient, member: string | null): void {
  if (cacheMembers.has(client) && cacheMembers.get(client) !== member)
    client.getQueryCache().clear();
  cacheMembers.set(client, member);
}

/**
 * The query cache, for the pages that keep one (home, the magazine, people, a profile, settings,
 * the writing page, a post): not in the shell, so a page without one loads no query library
 * (docs/web.md, "Bundle discipline"). On the server each drawing gets a cache of its own; in the
 * browser the pages share one, so going back to a page shows what it had at once. `state` is what
 * the page's loader fetched (dehydrated), put in the cache before the page reads it.
 */
export function QueryProvider({
  state,
  children,
}: {
  state?: DehydratedState;
  children: ReactNode;
}) {
  const [client] = useState(() =>
    typeof window === 'undefined'
      ? new QueryClient(OPTIONS)
      : (browserClient ??= new QueryClient(OPTIONS)),
  );
  const member = useRouteLoaderData<{ user?: { id: string } | null }>('root')?.user?.id ?? null;
  if (typeof window !== 'undefined') forgetOtherMembers(client, member);
  return (
    <QueryClientProvider client={client}>
      {state ? <HydrationBoundary state={state}>{children}</HydrationBoundary> : children}
    </QueryClientProvider>
  );
}
