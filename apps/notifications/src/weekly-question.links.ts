import { createHmac, timingSafeEqual } from 'node:crypto';
import { WeeklyQuestionLinkAction } from '@mepedia/contracts';

// The weekly question email's one-click links (skip, pause, stop): a token naming the member,
// the action and an expiry, signed with the deployment's link secret (HMAC-SHA256), so nobody
// can act for another member by typing their id, and an old email stops working in time.

/**
 * Outside production a fixed secret keeps dev links working across restarts (as users' and the
 * worker's). Here, beside the signer, so a browser test can sign as `npm start` does without the
 * service's configuration.
 */
export const DEV_LINK_SECRET = 'mepedia-development-link-secret';

/** How long an email's links work. */
export const LINK_TTL_SECONDS = 60 * 24 * 60 * 60;

export type LinkClaim = { userId: string; action: WeeklyQuestionLinkAction; expiresAt: number };

const sign = (claim: LinkClaim, secret: string) =>
  createHmac('sha256', secret)
    .update(`weekly-question:${claim.userId}:${claim.action}:${claim.expiresAt}`)
    .digest('base64url');

/** The token for `userId` to do `action` until `expiresAt` (seconds since the epoch). */
export function linkToken(claim: LinkClaim, secret: string): string {
  return `${claim.userId}.${claim.action}.${claim.expiresAt}.${sign(claim, secret)}`;
}

/** The claim of a genuine token not yet expired at `now`; undefined for any other. */
export function readLinkToken(token: string, secret: string, now: Date): LinkClaim | undefined {
  const parts = token.split('.');
  if (parts.length !== 4) return undefined;
  const [userId = '', action = '', expires = '', signature = ''] = parts;
  const parsed = WeeklyQuestionLinkAction.safeParse(action);
  if (!parsed.success || !/^\d{1,12}$/.test(expires)) return undefined;
  const claim: LinkClaim = { userId, action: parsed.data, expiresAt: Number(expires) };
  const expected = Buffer.from(sign(claim, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (claim.expiresAt * 1000 <= now.getTime()) return undefined;
  return claim;
}
