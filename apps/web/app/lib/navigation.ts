import { localizePath, sameSitePath, splitLocale, type Locale } from '@mepedia/web-i18n';
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
  // The weekly question's email links (skip, pause, stop) act by their signature, without a
  // session, like the spec's /unsubscribe (issue 32).
  '/weekly-question',
  // A circle's invitation (issue 34): whoever holds the link reads who invites them, and a guest
  // is asked there to register or sign in, and brought back to accept.
  '/circle',
  // The design gallery: development only (production answers 404), open to look at.
  '/design',
  // The public monthly counts of moderation (issue 35), and a notice of illegal content, which
  // anyone may send (the Digital Services Act, article 16).
  '/transparency',
  '/moderation/notice',
  // Search (issue 36): anyone finds what they may read, a guest what is public.
  '/search',
];
const PUBLIC_FRAGMENTS = ['profile', 'me', 'post', 'unsubscribe', `${PRODUCT_SLUG}-magazine`];
/**
 * The member's own writing pages. They contain "profile", so the spec's rule counts them public,
 * but there is nothing on them for a guest: one is asked to sign in (a guest who reaches them
 * mostly holds an account and followed a link), and comes back after.
 */
const MEMBERS_WRITING_PREFIXES = [
  '/profile/settings',
  '/profile/edit-me',
  '/profile/edit-me-private',
  '/profile/custom-question',
  '/profile/write-post',
];

/**
 * The member's own reading pages that have no member id in their address: `/me/{questionIndex}`
 * (the spec's `/me/{profileId?}/{questionIndex}` without the id) and `/me/custom-question/{n?}`.
 * A guest there is sent to sign in, and back after.
 */
export function isOwnMePath(pathname: string): boolean {
  const { path } = splitLocale(pathname);
  const bare = path.split(/[?#]/)[0]!;
  return /^\/me\/(\d{1,2}|custom-question(\/\d{1,2})?)\/?$/.test(bare);
}

/**
 * The member's own notifications (issue 32): nothing there for a guest, who mostly holds an
 * account and followed a link (an email's), so is asked to sign in, told why, and comes back.
 */
export function isNotificationsPath(pathname: string): boolean {
  const bare = splitLocale(pathname)
    .path.split(/[?#]/)[0]!
    .replace(/(.)\/$/, '$1');
  return bare === '/notifications';
}

/**
 * The moderation pages that are a member's own (their decisions and reports, where the statement
 * emails link) or a moderator's (the queue, a case, appeals, the audit log), issue 35: a guest is
 * asked to sign in, told why, and brought back. A member without the role gets the 404 page from
 * the page itself. The notice page is open to anyone.
 */
export function isModerationPath(pathname: string): boolean {
  const bare = splitLocale(pathname)
    .path.split(/[?#]/)[0]!
    .replace(/(.)\/$/, '$1');
  return /^\/moderation(\/(decisions|reports|appeals|audit|case\/[\w-]{1,64}))?$/.test(bare);
}

/**
 * A circle's invitation page, `/circle/join/{token}` (issue 34): a guest who registers or signs
 * in from it comes back to it. The token is base64url, so nothing else fits (no `..`, no query).
 */
export function isCircleInvitationPath(pathname: string): boolean {
  return /^\/circle\/join\/[\w-]{1,200}$/.test(splitLocale(pathname).path);
}

/** Whether `pathname` is one of a member's own writing pages (settings, editors). */
export function isWritingPath(pathname: string): boolean {
  const { path } = splitLocale(pathname);
  const bare = path.split(/[?#]/)[0]!;
  return MEMBERS_WRITING_PREFIXES.some(
    (prefix) => bare === prefix || bare.startsWith(`${prefix}/`),
  );
}

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
 * The pages that are for members only, each with the reason the sign-up page gives a guest sent
 * from it (`auth.reason.<reason>`). Every other page is public, SEO-relevant or a writing page
 * (navigation.test.ts checks this against routes.ts); an address that is none of them matches no
 * page and is answered with the 404 page, to guests too.
 */
export const MEMBERS_PAGES = { '/people': 'people' } as const;
export type GuardReason = (typeof MEMBERS_PAGES)[keyof typeof MEMBERS_PAGES];

function membersPageReason(path: string): GuardReason | null {
  const bare = path.split(/[?#]/)[0]!.replace(/(.)\/$/, '$1');
  return Object.hasOwn(MEMBERS_PAGES, bare)
    ? MEMBERS_PAGES[bare as keyof typeof MEMBERS_PAGES]
    : null;
}

/**
 * Where the guard sends a visitor, or null to let them through: a guest on a members' page to
 * registration (with the reason, which the page says), a guest on a member's writing page to
 * sign-in (and back there after), a member on the sign-in page (nothing to do there) to their
 * profile. A guest on an address no page claims is let through to the 404 page.
 */
export function guardRedirect(pathname: string, memberId: string | null): string | null {
  const { locale, path } = splitLocale(pathname);
  const prefix = locale === 'he' ? '/he' : '';
  if (memberId) return path === '/auth' ? `${prefix}/profile/${memberId}` : null;
  if (isWritingPath(pathname))
    return `${prefix}/auth?modal=login&returnTo=${encodeURIComponent(pathname)}`;
  if (isNotificationsPath(pathname))
    return `${prefix}/auth?modal=login&reason=notifications&returnTo=${encodeURIComponent(pathname)}`;
  if (isModerationPath(pathname))
    return `${prefix}/auth?modal=login&reason=moderation&returnTo=${encodeURIComponent(pathname)}`;
  if (isPublicPath(pathname) || isSeoPath(pathname)) return null;
  const reason = membersPageReason(path);
  return reason ? `${prefix}/auth?modal=register&reason=${reason}` : null;
}

/**
 * Where sign-in goes on to: the member's own writing or reading page, or the circle invitation,
 * that sent a guest here (`returnTo`: on this site, and one of those pages only, never an address
 * from outside), else their profile.
 */
export function afterSignIn(returnTo: string | null, userId: string, locale: Locale): string {
  if (returnTo) {
    const path = sameSitePath(returnTo);
    if (
      isWritingPath(path) ||
      isOwnMePath(path) ||
      isNotificationsPath(path) ||
      isModerationPath(path) ||
      isCircleInvitationPath(path)
    )
      return path;
  }
  return localizePath(`/profile/${userId}`, locale);
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
        | 'moderation'
        | 'aboutEfi';
      kind: 'link';
      to: string;
    }
  | { id: 'about'; kind: 'link'; to: string }
  | { id: 'support'; kind: 'external'; href: string }
  | { id: 'logout'; kind: 'action' }
  | { id: 'language'; kind: 'languages' };

/**
 * The header menu's entries and their visibility (spec section 2), and ours: the moderation
 * queue for a member who may moderate (`moderator` or `admin` in `roles`, issue 35).
 */
export function menuEntries(options: {
  userId: string | null;
  mobile: boolean;
  supportUrl: string;
  roles?: readonly string[];
}): MenuEntry[] {
  const loggedIn = options.userId !== null;
  const entries: MenuEntry[] = [
    { id: 'home', kind: 'link', to: '/' },
    { id: 'about', kind: 'link', to: '/#about' },
  ];
  if (!loggedIn && options.mobile) entries.push({ id: 'aboutEfi', kind: 'link', to: '/efi' });
  if (loggedIn) {
    entries.push({ id: 'profile', kind: 'link', to: `/profile/${options.userId}` });
    entries.push({ id: 'writeMe', kind: 'link', to: '/profile/edit-me/1' });
  }
  entries.push({ id: 'magazine', kind: 'link', to: MAGAZINE_PATH });
  if (!loggedIn) {
    entries.push({ id: 'register', kind: 'link', to: '/auth?modal=register' });
    entries.push({ id: 'login', kind: 'link', to: '/auth?modal=login' });
  }
  if (loggedIn) entries.push({ id: 'people', kind: 'link', to: '/people' });
  entries.push({ id: 'support', kind: 'external', href: options.supportUrl });
  if (loggedIn) {
    entries.push({ id: 'settings', kind: 'link', to: '/profile/settings' });
    if (mayModerate(options.roles ?? []))
      entries.push({ id: 'moderation', kind: 'link', to: '/moderation' });
    entries.push({ id: 'logout', kind: 'action' });
  }
  entries.push({ id: 'language', kind: 'languages' });
  return entries;
}

/** Whether a member holding `roles` may moderate (an admin may do all a moderator may). */
export function mayModerate(roles: readonly string[]): boolean {
  return roles.includes('moderator') || roles.includes('admin');
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
