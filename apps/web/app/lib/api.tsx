import type { Api } from '@mepedia/web-api';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

const ApiContext = createContext<{ api: Api; community: Api } | null>(null);

/** `community` calls as a guest (no cookies); it defaults to `api` (tests, a guest's page). */
export function ApiProvider({
  api,
  community = api,
  children,
}: {
  api: Api;
  community?: Api;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ api, community }), [api, community]);
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

/** The browser's API client (same origin unless configured otherwise). */
export function useApi(): Api {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi outside ApiProvider');
  return value.api;
}

/**
 * The API as a guest, for the community's parts of a page (what every visitor reads alike: the
 * magazine's newest stories, the recommended members), as the server drew them (lib/context.ts
 * `communityApi`): a member's refetch shows what the page showed.
 */
export function useCommunityApi(): Api {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useCommunityApi outside ApiProvider');
  return value.community;
}
