import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of an unsubscribe link: HMAC-SHA256 of the address with the
 * deployment's link secret. Emails carry it; the unsubscribe call checks it, so
 * nobody can unsubscribe someone else by typing their address.
 */
export function unsubscribeSignature(email: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`unsubscribe:${email.toLowerCase()}`)
    .digest('base64url');
}

export function isUnsubscribeSignature(email: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(unsubscribeSignature(email, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** `/he` for Hebrew pages, nothing for English (the default locale lives at the bare path). */
export function localePath(language: 'en' | 'he', path: string): string {
  return language === 'he' ? `/he${path}` : path;
}
