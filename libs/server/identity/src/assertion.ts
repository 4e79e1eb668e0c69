import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { isLanguage, type Language } from '@mepedia/contracts';

/**
 * Who is calling, as the gateway vouches for it. Services never read the
 * session cookie; they trust only this, signed by the gateway's Ed25519 key.
 */
export type Identity =
  | { kind: 'guest'; language?: undefined }
  | { kind: 'member'; userId: string; sessionId: string; language: Language }
  | { kind: 'service'; service: string; language?: undefined };

export const IDENTITY_HEADER = 'x-mepedia-identity';
/** Long enough for a slow upstream to start work, short enough that a leaked header is soon useless. */
export const ASSERTION_TTL_SECONDS = 30;
const CLOCK_SKEW_SECONDS = 5;

type Claims = {
  v: 1;
  aud: string;
  iat: number;
  exp: number;
  kind: Identity['kind'];
  sub?: string;
  sid?: string;
  lang?: string;
  svc?: string;
  /** The client's address as the gateway saw it, for audit logs and per-IP limits. */
  ip?: string;
};

export class InvalidAssertionError extends Error {
  constructor(reason: string) {
    super(`Invalid identity assertion: ${reason}`);
    this.name = 'InvalidAssertionError';
  }
}

export class IdentitySigner {
  constructor(private readonly privateKey: KeyObject) {}

  /** A short-lived assertion of `identity`, good only at the `audience` service. */
  sign(identity: Identity, audience: string, options: { now?: number; ip?: string } = {}): string {
    const iat = Math.floor((options.now ?? Date.now()) / 1000);
    const claims: Claims = {
      v: 1,
      aud: audience,
      iat,
      exp: iat + ASSERTION_TTL_SECONDS,
      kind: identity.kind,
    };
    if (identity.kind === 'member') {
      claims.sub = identity.userId;
      claims.sid = identity.sessionId;
      claims.lang = identity.language;
    } else if (identity.kind === 'service') {
      claims.svc = identity.service;
    }
    if (options.ip) claims.ip = options.ip;
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const signature = sign(null, Buffer.from(payload), this.privateKey).toString('base64url');
    return `${payload}.${signature}`;
  }
}

export class IdentityVerifier {
  constructor(
    private readonly publicKey: KeyObject,
    private readonly audience: string,
  ) {}

  verify(token: string, now = Date.now()): Identity {
    return this.verifyAssertion(token, now).identity;
  }

  /** The identity and the client address the gateway vouched for. */
  verifyAssertion(token: string, now = Date.now()): { identity: Identity; ip: string | undefined } {
    const claims = this.claims(token, now);
    const ip = typeof claims.ip === 'string' ? claims.ip : undefined;
    return { identity: this.identityOf(claims), ip };
  }

  private claims(token: string, now: number): Partial<Claims> {
    const dot = token.indexOf('.');
    if (dot <= 0 || token.length > 2048) throw new InvalidAssertionError('malformed');
    const payload = token.slice(0, dot);
    const signature = Buffer.from(token.slice(dot + 1), 'base64url');
    if (!verify(null, Buffer.from(payload), this.publicKey, signature)) {
      throw new InvalidAssertionError('bad signature');
    }
    let claims: Partial<Claims>;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Claims>;
    } catch {
      throw new InvalidAssertionError('malformed');
    }
    const seconds = Math.floor(now / 1000);
    if (claims.v !== 1) throw new InvalidAssertionError('unknown version');
    if (claims.aud !== this.audience) throw new InvalidAssertionError('wrong audience');
    if (typeof claims.exp !== 'number' || claims.exp < seconds)
      throw new InvalidAssertionError('expired');
    if (typeof claims.iat !== 'number' || claims.iat > seconds + CLOCK_SKEW_SECONDS) {
      throw new InvalidAssertionError('issued in the future');
    }
    return claims;
  }

  private identityOf(claims: Partial<Claims>): Identity {
    switch (claims.kind) {
      case 'guest':
        return { kind: 'guest' };
      case 'member':
        if (!claims.sub || !claims.sid || !isLanguage(claims.lang)) {
          throw new InvalidAssertionError('incomplete member');
        }
        return { kind: 'member', userId: claims.sub, sessionId: claims.sid, language: claims.lang };
      case 'service':
        if (!claims.svc) throw new InvalidAssertionError('incomplete service');
        return { kind: 'service', service: claims.svc };
      case undefined:
      default:
        throw new InvalidAssertionError('unknown kind');
    }
  }
}

export type IdentityKeys = { privateKey: KeyObject; publicKey: KeyObject };

export function generateIdentityKeys(): IdentityKeys {
  return generateKeyPairSync('ed25519');
}

/** Keys travel in env as single-line base64 DER (PKCS#8 private, SPKI public) or as PEM. */
export function exportIdentityKeys(keys: IdentityKeys): { privateKey: string; publicKey: string } {
  return {
    privateKey: keys.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
    publicKey: keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

export function parsePrivateKey(value: string): KeyObject {
  const key = value.includes('BEGIN')
    ? createPrivateKey(value.replace(/\\n/g, '\n'))
    : createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error('the identity key must be an Ed25519 key');
  return key;
}

export function parsePublicKey(value: string): KeyObject {
  const key = value.includes('BEGIN')
    ? createPublicKey(value.replace(/\\n/g, '\n'))
    : createPublicKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error('the identity key must be an Ed25519 key');
  return key;
}
