import { sameSitePath } from '@mepedia/web-i18n';
import { isCircleInvitationPath } from './navigation';

// Where a new member goes once their account is verified, when registration began on a page
// that wants them back (a circle's invitation, issue 34). Signing in carries it in the address
// (`returnTo`, lib/navigation.ts afterSignIn), but registration does not end in the tab it began
// in: the emailed link opens a new one, often much later. So the path is kept in this browser's
// storage, for a day, and taken once by the page that finishes the verification.

const KEY = 'mepedia.afterVerification';
/** Past this, an old registration's wish no longer steers a new one. */
export const RETURN_PATH_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The path if it is one a new member may be brought back to: on this site (a relative path that
 * starts with one `/`, never `//host` or `/\host`), and one of the pages that ask for it.
 */
export function safeReturnPath(candidate: string | null | undefined): string | null {
  if (!candidate || !candidate.startsWith('/') || /^\/[/\\]/.test(candidate)) return null;
  const path = sameSitePath(candidate);
  return isCircleInvitationPath(path) ? path : null;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage switched off: registration goes on as usual, to the welcome page.
    return null;
  }
}

/** Keep `candidate` for after verification, if it is a safe return path (otherwise nothing). */
export function rememberReturnPath(candidate: string | null, now: number = Date.now()): void {
  const path = safeReturnPath(candidate);
  if (!path) return;
  try {
    storage()?.setItem(KEY, JSON.stringify({ path, at: now }));
  } catch {
    // Full or refused: the member finds their way back through the email's link.
  }
}

/** The kept path, once: it is forgotten as it is read. Null when none, stale, or not safe. */
export function takeReturnPath(now: number = Date.now()): string | null {
  const store = storage();
  let raw: string | null = null;
  try {
    raw = store?.getItem(KEY) ?? null;
    store?.removeItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof kept.path !== 'string' || typeof kept.at !== 'number') return null;
    if (now - kept.at > RETURN_PATH_MAX_AGE_MS || kept.at > now) return null;
    return safeReturnPath(kept.path);
  } catch {
    return null;
  }
}
