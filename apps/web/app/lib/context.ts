import { createApi, type Api } from '@mepedia/web-api';

/** What the web server hands every loader (see apps/web/server). */
export type WebContext = {
  /** Where loaders reach the API: the gateway, from the server. */
  apiBaseUrl: string;
  /** Where the browser reaches the API: '' means this same origin. */
  publicApiUrl: string;
  /** This site's public address, for canonical and alternate links. */
  siteUrl: string;
  production: boolean;
  /** The external support chat group. */
  supportChatUrl: string;
  /** How loaders reach the API, when not over HTTP (the standalone process: in process). */
  apiFetch?: typeof fetch;
};

declare module 'react-router' {
  interface AppLoadContext {
    web: WebContext;
    /** This response's Content-Security-Policy nonce (apps/web/server/csp.ts). */
    cspNonce: string;
    /** The visitor's address, as the web server saw it: the API's limits count it, not ours. */
    clientIp: string;
  }
}

/** The API as the visitor: their cookie and language travel with each call. */
export function serverApi(
  context: { web: WebContext; clientIp?: string },
  request: Request,
  as: 'visitor' | 'guest' = 'visitor',
): Api {
  const headers: Record<string, string> = {};
  // The gateway believes this only where it is told to trust the web server (TRUST_PROXY), or
  // in one process, where it comes in process (apps/standalone/src/in-process-fetch.ts).
  if (context.clientIp) headers['x-forwarded-for'] = context.clientIp;
  const cookie = request.headers.get('cookie');
  if (cookie && as === 'visitor') headers.cookie = cookie;
  const language = request.headers.get('accept-language');
  if (language) headers['accept-language'] = language;
  return createApi({
    baseUrl: context.web.apiBaseUrl,
    headers,
    ...(context.web.apiFetch ? { fetch: context.web.apiFetch } : {}),
  });
}

/**
 * The API as a guest, for the community's parts of a member's page (the magazine's newest
 * stories, the recommended members): what every visitor reads alike, which the services keep
 * for all guests at once, rather than read again for each member. Nothing a guest may not see
 * comes back, so nothing private can reach a part drawn this way. The browser reads the same
 * parts the same way (`useCommunityApi`), so a refetch shows what the page showed.
 */
export function communityApi(
  context: { web: WebContext; clientIp?: string },
  request: Request,
): Api {
  return serverApi(context, request, 'guest');
}

export function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!cookies.has(name)) cookies.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
  }
  return cookies;
}
