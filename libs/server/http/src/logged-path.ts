/**
 * A request's path as the logs keep it: no query string (links carry tokens there), and no email
 * address in a path segment (`getUserIdByEmail/{email}`), so a member's address never reaches a
 * log line and outlives her account.
 */
export function loggedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path
    .split('/')
    .map((segment) => (/@|%40/i.test(segment) ? '[email]' : segment))
    .join('/');
}
