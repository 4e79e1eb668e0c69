import { createHmac, timingSafeEqual } from 'node:crypto';
import { EmailUnsubscribeTarget } from '@mepedia/contracts';
import { localePath } from '@mepedia/server-http';

// The notification emails' unsubscribe links: a token naming the member and the kind of
// notification (or the digest), signed with the deployment's link secret (HMAC-SHA256), so nobody can stop
// another member's emails by typing their id. It never expires: RFC 8058 wants a
// List-Unsubscribe address to keep working for as long as the email may be read.

export type UnsubscribeClaim = { userId: string; kind: EmailUnsubscribeTarget };

const sign = (claim: UnsubscribeClaim, secret: string) =>
  createHmac('sha256', secret)
    .update(`email-unsubscribe:${claim.userId}:${claim.kind}`)
    .digest('base64url');

/** The token that stops `kind`'s emails to `userId`. */
export function unsubscribeToken(claim: UnsubscribeClaim, secret: string): string {
  return `${claim.userId}.${claim.kind}.${sign(claim, secret)}`;
}

/** The claim of a genuine token; undefined for any other (altered, forged, malformed). */
export function readUnsubscribeToken(token: string, secret: string): UnsubscribeClaim | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [userId = '', kind = '', signature = ''] = parts;
  const parsed = EmailUnsubscribeTarget.safeParse(kind);
  if (!parsed.success) return undefined;
  const claim: UnsubscribeClaim = { userId, kind: parsed.data };
  const expected = Buffer.from(sign(claim, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return claim;
}

/**
 * A notification email's unsubscribe links for `kind` (the worker's `EmailUnsubscribeLinks`):
 * the one-click address on the site's API (the List-Unsubscribe header) and the /unsubscribe
 * page in the member's language (the footer's link), both with the same token.
 */
export function unsubscribeLinks(
  claim: UnsubscribeClaim,
  language: 'en' | 'he',
  options: { publicUrl: string; linkSecret: string },
): { oneClick: string; page: string } {
  const token = encodeURIComponent(unsubscribeToken(claim, options.linkSecret));
  return {
    oneClick: `${options.publicUrl}/api/notifications/unsubscribe?token=${token}`,
    page: `${options.publicUrl}${localePath(language, '/unsubscribe')}?token=${token}`,
  };
}
