import type { RouteConfigEntry } from '@react-router/dev/routes';
import { splitLocale } from '@mepedia/web-i18n';
import { describe, expect, it } from 'vitest';
import routes from '../routes';
import {
  goBackSteps,
  afterSignIn,
  guardRedirect,
  isPublicPath,
  isSeoPath,
  isWritingPath,
  isNotificationsPath,
  isCircleInvitationPath,
  isModerationPath,
  mayModerate,
  MEMBERS_PAGES,
  menuEntries,
  showsSiteChrome,
} from './navigation';

describe('isPublicPath', () => {
  it.each([
    '/',
    '/he',
    '/auth',
    '/auth?modal=login',
    '/verification',
    '/terms-of-service',
    '/email-verification',
    '/support',
    '/privacy-policy',
    '/password-reset',
    '/about',
    '/efi',
    '/he/about',
  ])('lets guests open %s', (path) => expect(isPublicPath(path)).toBe(true));

  it.each([
    '/profile/123',
    '/profile/settings',
    '/me/abc',
    '/post/1',
    '/unsubscribe',
    '/mepedia-magazine',
    '/he/post/9',
    '/me-widget/1',
  ])('lets guests open %s (contains a public word)', (path) =>
    expect(isPublicPath(path)).toBe(true),
  );

  it.each(['/people', '/he/people', '/nowhere'])('keeps guests out of %s', (path) =>
    expect(isPublicPath(path)).toBe(false),
  );
});

describe('guardRedirect', () => {
  it('sends a logged-out visitor of a private page to registration, with the reason, in their locale', () => {
    expect(guardRedirect('/people', null)).toBe('/auth?modal=register&reason=people');
    expect(guardRedirect('/he/people', null)).toBe('/he/auth?modal=register&reason=people');
    expect(guardRedirect('/people/', null)).toBe('/auth?modal=register&reason=people');
    expect(guardRedirect('/people', 'u1')).toBeNull();
  });

  it('lets a guest on an address no page claims through, to the 404 page', () => {
    expect(guardRedirect('/no-such-page', null)).toBeNull();
    expect(guardRedirect('/he/peple', null)).toBeNull();
    expect(guardRedirect('/people/more', null)).toBeNull();
  });

  it('knows every page of routes.ts: open to guests, a writing page, or a members’ page', () => {
    const paths: string[] = [];
    const walk = (entries: readonly RouteConfigEntry[], base: string) => {
      for (const entry of entries) {
        const path = entry.path ? `${base}/${entry.path}` : base;
        if (entry.children) walk(entry.children, path);
        else if (!entry.file.endsWith('.ts')) paths.push(path);
      }
    };
    walk(routes, '');
    // Parameters filled in, optional ones left out; the catch-all is the 404 page itself.
    const concrete = paths
      .filter((path) => !path.endsWith('*'))
      .map((path) => path.replace(/\/:\w+\?/g, '').replace(/:\w+/g, '7') || '/');
    expect(concrete).toContain('/people');
    expect(concrete).toContain('/he/people');
    for (const path of concrete) {
      const known =
        isPublicPath(path) ||
        isSeoPath(path) ||
        isWritingPath(path) ||
        isNotificationsPath(path) ||
        isModerationPath(path) ||
        splitLocale(path).path in MEMBERS_PAGES;
      expect({ path, known }).toEqual({ path, known: true });
    }
  });

  it('sends a guest on the notifications page to sign-in, told why, to come back after', () => {
    expect(guardRedirect('/notifications', null)).toBe(
      '/auth?modal=login&reason=notifications&returnTo=%2Fnotifications',
    );
    expect(guardRedirect('/he/notifications', null)).toBe(
      '/he/auth?modal=login&reason=notifications&returnTo=%2Fhe%2Fnotifications',
    );
    expect(guardRedirect('/notifications', 'm1')).toBeNull();
    expect(afterSignIn('/he/notifications', 'm1', 'he')).toBe('/he/notifications');
    expect(afterSignIn('/notifications/../evil', 'm1', 'en')).toBe('/profile/m1');
  });

  it('sends a guest on a member’s writing page to sign-in, to come back after', () => {
    expect(guardRedirect('/profile/settings', null)).toBe(
      '/auth?modal=login&returnTo=%2Fprofile%2Fsettings',
    );
    expect(guardRedirect('/he/profile/edit-me/3', null)).toBe(
      '/he/auth?modal=login&returnTo=%2Fhe%2Fprofile%2Fedit-me%2F3',
    );
    expect(guardRedirect('/profile/write-post', null)).toMatch(/^\/auth\?modal=login&/);
    expect(guardRedirect('/profile/custom-question/update/2', null)).toMatch(/^\/auth\?/);
    // A profile page stays open to guests, even one whose id starts like a writing page.
    expect(guardRedirect('/profile/settings-fan', null)).toBeNull();
    expect(guardRedirect('/profile/0190a3c4-0000-7000-8000-000000000000', null)).toBeNull();
    expect(guardRedirect('/profile/settings', 'u1')).toBeNull();
  });

  it('after sign-in, goes back to that writing page, and nowhere else', () => {
    expect(afterSignIn('/profile/settings', 'u1', 'en')).toBe('/profile/settings');
    expect(afterSignIn('/he/profile/edit-me/3', 'u1', 'he')).toBe('/he/profile/edit-me/3');
    expect(afterSignIn(null, 'u1', 'he')).toBe('/he/profile/u1');
    expect(afterSignIn('https://evil.example/profile/settings', 'u1', 'en')).toBe('/profile/u1');
    expect(afterSignIn('//evil.example/profile/settings', 'u1', 'en')).toBe('/profile/u1');
    expect(afterSignIn('/people', 'u1', 'en')).toBe('/profile/u1');
  });

  it("after sign-in, goes back to the member's own /me page that asked for it", () => {
    expect(afterSignIn('/me/1', 'u1', 'en')).toBe('/me/1');
    expect(afterSignIn('/he/me/10', 'u1', 'he')).toBe('/he/me/10');
    expect(afterSignIn('/me/custom-question/2', 'u1', 'en')).toBe('/me/custom-question/2');
    expect(afterSignIn('/he/me/custom-question', 'u1', 'he')).toBe('/he/me/custom-question');
    // Someone else's page, or anything past the index, is not one of them.
    expect(afterSignIn('/me/0123456789abcdef01234567/1', 'u1', 'en')).toBe('/profile/u1');
    expect(afterSignIn('/me/1/../../people', 'u1', 'en')).toBe('/profile/u1');
    expect(afterSignIn('//evil.example/me/1', 'u1', 'en')).toBe('/profile/u1');
  });

  it('lets a guest read a circle invitation, and brings them back to it after sign-in', () => {
    expect(guardRedirect('/circle/join/AbC_d-9', null)).toBeNull();
    expect(guardRedirect('/he/circle/join/AbC_d-9', null)).toBeNull();
    expect(isCircleInvitationPath('/he/circle/join/AbC_d-9')).toBe(true);
    expect(afterSignIn('/circle/join/AbC_d-9', 'u1', 'en')).toBe('/circle/join/AbC_d-9');
    expect(afterSignIn('/he/circle/join/AbC_d-9', 'u1', 'he')).toBe('/he/circle/join/AbC_d-9');
    // Only the invitation itself: nothing past the token, no other site, no way up.
    expect(afterSignIn('/circle/join/a/../../people', 'u1', 'en')).toBe('/profile/u1');
    expect(afterSignIn('/circle/join/abc?next=//evil.example', 'u1', 'en')).toBe('/profile/u1');
    expect(afterSignIn('//evil.example/circle/join/abc', 'u1', 'en')).toBe('/profile/u1');
    expect(afterSignIn('https://evil.example/circle/join/abc', 'u1', 'en')).toBe('/profile/u1');
    expect(afterSignIn('/circle/join/', 'u1', 'en')).toBe('/profile/u1');
  });

  it('sends a guest on a moderation page to sign-in, told why, to come back after', () => {
    for (const path of [
      '/moderation',
      '/moderation/decisions',
      '/moderation/reports',
      '/moderation/appeals',
      '/moderation/audit',
      '/moderation/case/0193abcd-ef',
    ])
      expect(guardRedirect(path, null)).toBe(
        `/auth?modal=login&reason=moderation&returnTo=${encodeURIComponent(path)}`,
      );
    expect(guardRedirect('/he/moderation/decisions', null)).toBe(
      '/he/auth?modal=login&reason=moderation&returnTo=%2Fhe%2Fmoderation%2Fdecisions',
    );
    expect(guardRedirect('/moderation/decisions', 'm1')).toBeNull();
    expect(afterSignIn('/he/moderation/decisions', 'm1', 'he')).toBe('/he/moderation/decisions');
    expect(afterSignIn('/moderation/case/abc', 'm1', 'en')).toBe('/moderation/case/abc');
    expect(afterSignIn('/moderation/case/a/../../people', 'm1', 'en')).toBe('/profile/m1');
    expect(afterSignIn('//evil.example/moderation', 'm1', 'en')).toBe('/profile/m1');
  });

  it('lets anyone read the transparency page and send a notice of illegal content', () => {
    expect(guardRedirect('/transparency', null)).toBeNull();
    expect(guardRedirect('/he/transparency', null)).toBeNull();
    expect(guardRedirect('/moderation/notice?kind=post&id=p1', null)).toBeNull();
    expect(isModerationPath('/moderation/notice')).toBe(false);
  });

  it('lets anyone search, guests too, in either language', () => {
    expect(guardRedirect('/search', null)).toBeNull();
    expect(guardRedirect('/he/search', null)).toBeNull();
    expect(isPublicPath('/search?q=bread')).toBe(true);
  });

  it('lets members and public pages through', () => {
    expect(guardRedirect('/people', 'u1')).toBeNull();
    expect(guardRedirect('/about', null)).toBeNull();
  });

  it('sends a member who opens sign-in or registration on to their profile', () => {
    expect(guardRedirect('/auth', 'u1')).toBe('/profile/u1');
    expect(guardRedirect('/he/auth', 'u1')).toBe('/he/profile/u1');
    expect(guardRedirect('/auth', null)).toBeNull();
  });

  it('knows the SEO pages', () => {
    expect(isSeoPath('/post/1')).toBe(true);
    expect(isSeoPath('/he/me/1')).toBe(true);
    expect(isSeoPath('/about')).toBe(false);
  });
});

describe('menuEntries', () => {
  const ids = (userId: string | null, mobile = false) =>
    menuEntries({ userId, mobile, supportUrl: 'https://chat.example' }).map((entry) => entry.id);

  it('shows a guest register and login, not member entries', () => {
    expect(ids(null)).toEqual([
      'home',
      'about',
      'magazine',
      'register',
      'login',
      'support',
      'language',
    ]);
  });

  it('adds the about-Efi entry for guests on mobile only', () => {
    expect(ids(null, true)).toEqual([
      'home',
      'about',
      'aboutEfi',
      'magazine',
      'register',
      'login',
      'support',
      'language',
    ]);
    expect(ids('u1', true)).not.toContain('aboutEfi');
  });

  it('shows a member their profile, write-me, people, settings and logout, in the spec’s order', () => {
    expect(ids('u1')).toEqual([
      'home',
      'about',
      'profile',
      'writeMe',
      'magazine',
      'people',
      'support',
      'settings',
      'logout',
      'language',
    ]);
    const entries = menuEntries({ userId: 'u1', mobile: false, supportUrl: '' });
    expect(entries.find((entry) => entry.id === 'writeMe')).toMatchObject({
      to: '/profile/edit-me/1',
    });
    expect(entries.find((entry) => entry.id === 'settings')).toMatchObject({
      to: '/profile/settings',
    });
    const profile = menuEntries({ userId: 'u1', mobile: false, supportUrl: '' }).find(
      (entry) => entry.id === 'profile',
    );
    expect(profile).toMatchObject({ to: '/profile/u1' });
  });
});

describe('the moderation entry', () => {
  const ids = (roles: string[]) =>
    menuEntries({ userId: 'u1', mobile: false, supportUrl: '', roles }).map((entry) => entry.id);

  it('is in the menu of a moderator or an admin only, before logout', () => {
    expect(ids([])).not.toContain('moderation');
    expect(ids(['moderator']).slice(-3)).toEqual(['moderation', 'logout', 'language']);
    expect(ids(['admin'])).toContain('moderation');
    expect(
      menuEntries({ userId: null, mobile: false, supportUrl: '', roles: ['admin'] }),
    ).not.toContainEqual(expect.objectContaining({ id: 'moderation' }));
    expect(mayModerate(['admin'])).toBe(true);
    expect(mayModerate([])).toBe(false);
  });
});

describe('goBackSteps', () => {
  it('goes back three steps on edit-me and /me/ pages, none on home and auth', () => {
    expect(goBackSteps('/profile/edit-me/3')).toBe(3);
    expect(goBackSteps('/he/me/abc/2')).toBe(3);
    expect(goBackSteps('/about')).toBe(1);
    expect(goBackSteps('/')).toBe(0);
    expect(goBackSteps('/he/auth')).toBe(0);
  });
});

describe('showsSiteChrome', () => {
  it('hides header and footer on the widget template only', () => {
    expect(showsSiteChrome('/me-widget-template/u1/classic')).toBe(false);
    expect(showsSiteChrome('/he/me-widget-template/u1/classic')).toBe(false);
    expect(showsSiteChrome('/me-widget/u1')).toBe(true);
    expect(showsSiteChrome('/')).toBe(true);
  });
});
