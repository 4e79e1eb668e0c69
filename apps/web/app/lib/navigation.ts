import { splitLocale } from '@mepedia/web-i18n';
import { MAGAZINE_PATH, PRODUCT_SLUG } from './site';

const PUBLIC_PREFIXES = [
  '/auth',
  '/verification',
  '/terms-of-service',
  '/email-verification',
  '/support',
  '/privacy-policy',
  '/password-reset',
  '/about',
  '/efi',
  // The design gallery: development only (production answers 404), open to look at.
  '/design',
];
const PUBLIC_FRAGMENTS = ['profile', 'me', 'post', 'unsubscribe', `${PRODUCT_SLUG}-magazine`];

/**
 * Paths a logged-out visitor may open (spec section 6): the root, the listed
 * pages and anything under them, and any path containing profile, me, post,
 * unsubscribe or the magazine.
 */
export function isPublicPath(pathname: string): boolean {
  const { path } = splitLocale(pathname);
  if (path === '/') return true;
  if (
    PUBLIC_PREFIXES.some(
      (prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`),
    )
  )
    return true;
  return PUBLIC_FRAGMENTS.some((fragment) => path.includes(fragment));
}

/** Pages search engines should index: posts and "me" pages. */
export function isSeoPath(pathname: string): boolean {
  const { path } = splitLocale(pathname);
  return path.startsWith('/post') || path.startsWith('/me');
}

/**
 * Where the guard sends a visitor, or null to let them through: a guest on a members' page to
 * registration, a member on the sign-in page (nothing to do there) to their profile.
 */
export function guardRedirect(pathname: string, memberId: string | null): string | null {
  const { locale, path } = splitLocale(pathname);
  const prefix = locale === 'he' ? '/he' : '';
  if (memberId) return path === '/auth' ? `${prefix}/profile/${memberId}` : null;
  if (isPublicPath(pathname) || isSeoPath(pathname)) return null;
  return `${prefix}/auth?modal=register`;
}

export type MenuEntry =
  | {
      id:
        | 'home'
        | 'profile'
        | 'writeMe'
        | 'magazine'
        | 'register'
        | 'login'
        | 'people'
        | 'settings'
        | 'aboutEfi';
      kind: 'link';
      to: string;
    }
  | { id: 'about'; kind: 'link'; to: string }
  | { id: 'support'; kind: 'external'; href: string }
  | { id: 'logout'; kind: 'action' }
  | { id: 'language'; kind: 'languages' };

/** The header menu's entries and their visibility (spec section 2). */
export function menuEntries(options: {
  userId: string | null;
  mobile: boolean;
  supportUrl: string;
}): MenuEntry[] {
  const loggedIn = options.userId !== null;
  const entries: MenuEntry[] = [
    { id: 'home', kind: 'link', to: '/' },
    { id: 'about', kind: 'link', to: '/#about' },
  ];
  if (!loggedIn && options.mobile) entries.push({ id: 'aboutEfi', kind: 'link', to: '/efi' });
  // The spec's "write-me" (/profile/edit-me/1) and "settings" (/profile/settings) entries come
  // back with those pages (issue 14): the menu never leads to a page that does not exist yet.
  if (loggedIn) entries.push({ id: 'profile', kind: 'link', to: `/profile/${options.userId}` });
  entries.push({ id: 'magazine', kind: 'link', to: MAGAZINE_PATH });
  if (!loggedIn) {
    entries.push({ id: 'register', kind: 'link', to: '/auth?modal=register' });
    entries.push({ id: 'login', kind: 'link', to: '/auth?modal=login' });
  }
  if (loggedIn) entries.push({ id: 'people', kind: 'link', to: '/people' });
  entries.push({ id: 'support', kind: 'external', href: options.supportUrl });
  if (loggedIn) entries.push({ id: 'logout', kind: 'action' });
  entries.push({ id: 'language', kind: 'languages' });
  return entries;
}

/** How far "go back" goes: three steps on edit-me and /me/ pages, one elsewhere, none on home and auth. */
export function goBackSteps(pathname: string): number {
  const { path } = splitLocale(pathname);
  if (path === '/' || path.startsWith('/auth')) return 0;
  if (path.startsWith('/profile/edit-me') || path.startsWith('/me/')) return 3;
  return 1;
}

/** Header and footer show everywhere except the embeddable widget template. */
export function showsSiteChrome(pathname: string): boolean {
  return !splitLocale(pathname).path.startsWith('/me-widget-template');
}
