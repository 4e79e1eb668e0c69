import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { isLanguage, isMemberRole, type Language, type MemberRole } from '@mepedia/contracts';

/**
 * Who is calling, as the gateway vouches for it. Services never read the
 * session cookie; they trust only this, signed by the gateway's Ed25519 key.
 */
export type Identity =
  | { kind: 'guest'; language?: undefined }
  | {
      kind: 'member';
      userId: string;
      sessionId: string;
      language: Language;
      /** The member's roles (moderator, admin); empty for most. */
      roles: readonly MemberRole[];
      /** While the moderators have suspended the member: until when (an ISO instant). */
      suspendedUntil?: string | undefined;
    }
  | { kind: 'service'; service: string; language?: undefined };

export type MemberIdentity = Extract<Identity, { kind: 'member' }>;

/** Until when the member is suspended, if they are at `now`. */
export function suspendedUntil(identity: Identity, now = Date.now()): string | undefined {
  if (identity.kind !== 'member' || identity.suspendedUntil === undefined) return undefined;
  return Date.parse(identity.suspendedUntil) > now ? identity.suspendedUntil : undefined;
}

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
  /** A member's roles, when they hold any. */
  rol?: MemberRole[];
  /** Until when a suspended member is suspended (ISO instant). */
  sus?: string;
  svc?: string;
  /** The client's address as the gateway saw it, for audit logs and per-IP limits. */
  ip?: string;
  /** The browser's visitor id, from a cookie the gateway issues: counts guests' views once. */
  vid?: string;
};

/** What the gateway vouches for besides the identity. */
export type AssertionContext = { ip?: string | undefined; visitorId?: string | undefined };

/** A visitor id: 24 hex characters, like the spec's randomIdentifier, issued by the gateway. */
export const VISITOR_ID_PATTERN = /^[0-9a-f]{24}$/;

export class InvalidAssertionError extends Error {
  constructor(reason: string) {
    super(`Invalid identity assertion: ${reason}`);
    this.name = 'InvalidAssertionError';
  }
}

/** How long a signed assertion is reused for the same identity, audience and address (well inside its TTL). */
const REUSE_SECONDS = 10;
const CACHE_LIMIT = 10_000;

export class IdentitySigner {
  // Signing costs tens of microseconds per request; the same caller to the same
  // service within a few seconds gets the same assertion.
  private readonly cache = new Map<string, { token: string; until: number }>();

  constructor(private readonly privateKey: KeyObject) {}

  /** A short-lived assertion of `identity`, good only at the `audience` service. */
  sign(
    identity: Identity,
    audience: string,
    options: AssertionContext & { now?: number } = {},
  ): string {
    const now = options.now ?? Date.now();
    // Everything the claims carry is in the key: a role granted or a suspension lifted is never
    // answered with an assertion signed before it.
    const key = `${audience}|${options.ip ?? ''}|${options.visitorId ?? ''}|${identity.kind}|${identity.kind === 'member' ? `${identity.sessionId}|${identity.userId}|${identity.language}|${identity.roles.join(',')}|${identity.suspendedUntil ?? ''}` : identity.kind === 'service' ? identity.service : ''}`;
    const cached = this.cache.get(key);
    if (cached && cached.until > now && options.now === undefined) return cached.token;
    const token = this.signFresh(identity, audience, now, options);
    if (options.now === undefined) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(key, { token, until: now + REUSE_SECONDS * 1000 });
    }
    return token;
  }

  private signFresh(
    identity: Identity,
    audience: string,
    now: number,
    options: AssertionContext,
  ): string {
    const iat = Math.floor(now / 1000);
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
      if (identity.roles.length > 0) claims.rol = [...identity.roles];
      if (identity.suspendedUntil !== undefined) claims.sus = identity.suspendedUntil;
    } else if (identity.kind === 'service') {
      claims.svc = identity.service;
    }
    if (options.ip) claims.ip = options.ip;
    if (options.visitorId && VISITOR_ID_PATTERN.test(options.visitorId))
      claims.vid = options.visitorId;
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const signature = sign(null, Buffer.from(payload), this.privateKey).toString('base64url');
    return `${payload}.${signature}`;
  }
}

export type VerifiedAssertion = {
  identity: Identity;
  ip: string | undefined;
  visitorId: string | undefined;
};

export class IdentityVerifier {
  constructor(
    private readonly publicKey: KeyObject,
    private readonly audience: string,
  ) {}

  verify(token: string, now = Date.now()): Identity {
    return this.verifyAssertion(token, now).identity;
  }

  // A verified assertion is remembered until it expires: the gateway reuses
  // assertions, so verifying each one once saves a signature check per request.
  private readonly verified = new Map<string, VerifiedAssertion & { exp: number }>();

  /** The identity, the client address and the visitor id the gateway vouched for. */
  verifyAssertion(token: string, now = Date.now()): VerifiedAssertion {
    const seconds = Math.floor(now / 1000);
    const known = this.verified.get(token);
    if (known && known.exp >= seconds)
      return { identity: known.identity, ip: known.ip, visitorId: known.visitorId };
    const claims = this.claims(token, now);
    const ip = typeof claims.ip === 'string' ? claims.ip : undefined;
    const visitorId =
      typeof claims.vid === 'string' && VISITOR_ID_PATTERN.test(claims.vid)
        ? claims.vid
        : undefined;
    const identity = this.identityOf(claims);
    if (this.verified.size >= CACHE_LIMIT) this.verified.clear();
    this.verified.set(token, { identity, ip, visitorId, exp: claims.exp as number });
    return { identity, ip, visitorId };
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
        return {
          kind: 'member',
          userId: claims.sub,
          sessionId: claims.sid,
          language: claims.lang,
          roles: rolesOf(claims.rol),
          ...(claims.sus === undefined ? {} : { suspendedUntil: instantOf(claims.sus) }),
        };
      case 'service':
        if (!claims.svc) throw new InvalidAssertionError('incomplete service');
        return { kind: 'service', service: claims.svc };
      case undefined:
      default:
        throw new InvalidAssertionError('unknown kind');
    }
  }
}

/** A member's roles as claimed: a role this version does not know is left out (a newer gateway's). */
function rolesOf(claimed: unknown): MemberRole[] {
  if (claimed === undefined) return [];
  if (!Array.isArray(claimed)) throw new InvalidAssertionError('malformed roles');
  return claimed.filter(isMemberRole);
}

/** A suspension's end as claimed: an instant, or the assertion is refused (never read as none). */
function instantOf(claimed: unknown): string {
  if (typeof claimed !== 'string' || Number.isNaN(Date.parse(claimed)))
    throw new InvalidAssertionError('malformed suspension');
  return claimed;
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
