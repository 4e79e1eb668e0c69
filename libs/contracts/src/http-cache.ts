/**
 * Whether an If-None-Match header names this validator: weak comparison, one of a list, or `*`
 * (RFC 9110 §13.1.2). Used by the gateway (public API reads) and the web server (guest pages).
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
