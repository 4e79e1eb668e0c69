import { API_PREFIX } from '@mepedia/contracts';
import { AppError } from '@mepedia/server-http';

/** An API call's path in the one form the gateway routes, limits and forwards. */
export type ApiPath = {
  /** `users` in `/api/users/login`. */
  prefix: string;
  /** Decoded, for routing and rate limits: `/api/users/login`. */
  path: string;
  /** Re-encoded segment by segment, with the query as it came: what the service is sent. */
  forward: string;
};

const PERCENT = /%(?![0-9a-fA-F]{2})/;
// After decoding, a segment may not carry a separator, a dot segment, or a control character.
// eslint-disable-next-line no-control-regex
const UNSAFE_SEGMENT = /[/\\\u0000-\u001f\u007f]/;

/**
 * Normalise a request target once. `/api/users/%6cogin` must be limited as the login it is,
 * so the gateway decodes the path itself and refuses what a service could read another way:
 * encoded or literal `/` and `\` inside a segment, `.` and `..` segments, empty segments
 * (`//`), bad percent-encoding. Answers undefined for paths outside `/api/`.
 */
export function normalizeApiPath(url: string): ApiPath | undefined {
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  if (!rawPath.startsWith(`${API_PREFIX}/`) && rawPath !== API_PREFIX) return undefined;
  if (PERCENT.test(rawPath)) throw new AppError('BAD_REQUEST_PATH');
  const segments = rawPath.slice(1).split('/');
  // One trailing slash is kept for the service to judge (`imagePageView/{id}/` in the spec), but
  // limits see the path without it.
  const trailingSlash = segments.length > 2 && segments[segments.length - 1] === '';
  if (trailingSlash) segments.pop();
  const decoded: string[] = [];
  for (const raw of segments) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      throw new AppError('BAD_REQUEST_PATH');
    }
    if (segment === '' || segment === '.' || segment === '..' || UNSAFE_SEGMENT.test(segment))
      throw new AppError('BAD_REQUEST_PATH');
    decoded.push(segment);
  }
  const prefix = decoded[1] ?? '';
  return {
    prefix,
    path: `/${decoded.join('/')}`,
    forward: `/${decoded.map((segment) => encodeURIComponent(segment)).join('/')}${trailingSlash ? '/' : ''}${query}`,
  };
}

/**
 * The catalogue's template for a call (`/api/files/image/{id}` for `/api/files/image/abc`), or
 * undefined for a call the catalogue does not list: metrics are labelled by template, so one
 * label per route, never one per id.
 */
export function routeTemplateMatcher(
  routes: ReadonlyArray<{ method: string; path: string }>,
): (method: string, path: string) => string | undefined {
  const exact = new Map<string, string>();
  const patterns: Array<{ method: string; pattern: RegExp; path: string }> = [];
  for (const route of routes) {
    if (!route.path.includes('{')) {
      exact.set(`${route.method} ${route.path}`, route.path);
      continue;
    }
    const source = route.path
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('');
    patterns.push({ method: route.method, pattern: new RegExp(`^${source}$`), path: route.path });
  }
  return (method, path) =>
    exact.get(`${method} ${path}`) ??
    patterns.find((entry) => entry.method === method && entry.pattern.test(path))?.path;
}
