import type { RouteConfigEntry } from '@react-router/dev/routes';
import { localizePath } from '@mepedia/web-i18n';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routes from '../routes';

/** routes.ts as the router matches it: each page's id and path. */
function routeObjects(entries: readonly RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry): RouteObject => {
    const children = entry.children ? routeObjects(entry.children) : undefined;
    if (entry.index) return { id: entry.id ?? entry.file, index: true };
    return { id: entry.id ?? entry.file, path: entry.path, ...(children ? { children } : {}) };
  });
}

const table = routeObjects(routes);

/** The page a path opens (its route's id) and the parameters it reads. */
function pageOf(path: string): { id: string | undefined; params: Record<string, string> } {
  const matches = matchRoutes(table, path.split('#')[0]!) ?? [];
  const last = matches.at(-1);
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(last?.params ?? {}))
    if (value !== undefined) params[key] = value;
  return { id: last?.route.id, params };
}

const owner = '0b0d6a51-5d1c-4f5e-9a57-1f2e3d4c5b6a';

// The links the notifications service gives its groups (apps/notifications/src/
// notification-rules.ts, linkOf; docs/api/notifications.md): each must open a page of the site,
// in either language, never the 404 page.
describe('the notifications’ links', () => {
  it.each(['en', 'he'] as const)('open an answer’s own page on its owner’s “me” (%s)', (locale) => {
    const prefix = locale === 'he' ? 'he-' : '';
    expect(pageOf(localizePath(`/me/${owner}/3`, locale))).toEqual({
      id: `${prefix}me`,
      params: { profileId: owner, questionIndex: '3' },
    });
    expect(pageOf(localizePath(`/me/${owner}/10#comment-c1`, locale))).toEqual({
      id: `${prefix}me`,
      params: { profileId: owner, questionIndex: '10' },
    });
    // Without its question's place: the owner's "me", at their first answer.
    expect(pageOf(localizePath(`/me/${owner}`, locale))).toEqual({
      id: `${prefix}me`,
      params: { profileId: owner },
    });
  });

  it('open a post, its comment and a follower’s profile', () => {
    expect(pageOf('/post/p1#comment-c2').id).toBe('post');
    expect(pageOf('/he/post/p1').id).toBe('he-post');
    expect(pageOf(`/profile/${owner}`).id).toBe('profile');
    expect(pageOf('/not-a-page/at-all').id).toBe('not-found');
  });
});
