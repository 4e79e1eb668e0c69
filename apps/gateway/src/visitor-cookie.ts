import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { VISITOR_ID_PATTERN } from '@mepedia/server-identity';

/** The signature's length in base64url characters (128 bits of an HMAC-SHA256). */
const SIGNATURE_CHARS = 22;

/**
 * The visitor cookie's value, `<id>.<signature>`: a random 24-hex id and an HMAC of it under a
 * key derived from the gateway's identity signing key (the same on every replica, never the key
 * itself). Only an id the gateway issued has a valid signature, so a client that makes one up,
 * or never keeps one, is no visitor and counts nothing.
 */
export class VisitorCookies {
  private readonly secret: Buffer;

  constructor(identityPrivateKey: string) {
    this.secret = createHash('sha256')
      .update(`mepedia:visitor-cookie:${identityPrivateKey}`)
      .digest();
  }

  private signature(id: string): string {
    return createHmac('sha256', this.secret)
      .update(id)
      .digest('base64url')
      .slice(0, SIGNATURE_CHARS);
  }

  /** A fresh visitor: the cookie's value. */
  issue(): string {
    const id = randomBytes(12).toString('hex');
    return `${id}.${this.signature(id)}`;
  }

  /** The id of a cookie value the gateway signed; undefined for any other (forged, bare, none). */
  verify(value: string | undefined): string | undefined {
    if (!value) return undefined;
    const dot = value.indexOf('.');
    if (dot < 0) return undefined;
    const id = value.slice(0, dot);
    if (!VISITOR_ID_PATTERN.test(id)) return undefined;
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(this.signature(id));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }
}
