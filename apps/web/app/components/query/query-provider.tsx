import {
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
  type DehydratedState,
} from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

const OPTIONS = { defaultOptions: { queries: { retry: 1 } } };

/** One cache for the browser's whole visit, shared by the pages that use one. */
let browserClient: QueryClient | undefined;

/**
 * The query cache, for the pages that keep one (the magazine, people, settings, a post): not in
 * the shell, so every other page (home, a profile, a me page) loads no query library at all
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
  return (
    <QueryClientProvider client={client}>
      {state ? <HydrationBoundary state={state}>{children}</HydrationBoundary> : children}
    </QueryClientProvider>
  );
}
