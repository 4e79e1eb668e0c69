import { sign } from 'node:crypto';
import {
  ASSERTION_TTL_SECONDS,
  IdentitySigner,
  IdentityVerifier,
  InvalidAssertionError,
  exportIdentityKeys,
  generateIdentityKeys,
  parsePrivateKey,
  parsePublicKey,
  suspendedUntil,
  type MemberIdentity,
} from './assertion';

const keys = generateIdentityKeys();
const signer = new IdentitySigner(keys.privateKey);
const verifier = new IdentityVerifier(keys.publicKey, 'users');
const member: MemberIdentity = {
  kind: 'member',
  userId: 'u1',
  sessionId: 's1',
  language: 'he',
  roles: [],
};

/** An assertion with its claims changed and signed again by the gateway's key. */
function resigned(token: string, change: (claims: Record<string, unknown>) => void): string {
  const [payload = ''] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  change(claims);
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${sign(null, Buffer.from(body), keys.privateKey).toString('base64url')}`;
}

describe(IdentityVerifier.name, () => {
  it('accepts what the gateway signed for this service', () => {
    expect(verifier.verify(signer.sign(member, 'users'))).toEqual(member);
    expect(verifier.verify(signer.sign({ kind: 'guest' }, 'users'))).toEqual({ kind: 'guest' });
    expect(verifier.verify(signer.sign({ kind: 'service', service: 'gateway' }, 'users'))).toEqual({
      kind: 'service',
      service: 'gateway',
    });
  });

  it('carries the client address the gateway saw', () => {
    expect(verifier.verifyAssertion(signer.sign(member, 'users', { ip: '203.0.113.9' }))).toEqual({
      identity: member,
      ip: '203.0.113.9',
    });
  });

  it('refuses an assertion signed by another key', () => {
    const other = new IdentitySigner(generateIdentityKeys().privateKey);
    expect(() => verifier.verify(other.sign(member, 'users'))).toThrow('bad signature');
  });

  it('refuses an altered payload', () => {
    const [payload = '', signature] = signer.sign(member, 'users').split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    claims['sub'] = 'someone-else';
    const altered = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect(() => verifier.verify(altered)).toThrow(InvalidAssertionError);
  });

  it('refuses an assertion meant for another service', () => {
    expect(() => verifier.verify(signer.sign(member, 'posts'))).toThrow('wrong audience');
  });

  it('refuses an expired assertion and one from the future', () => {
    const now = Date.now();
    const old = signer.sign(member, 'users', { now: now - (ASSERTION_TTL_SECONDS + 2) * 1000 });
    expect(() => verifier.verify(old, now)).toThrow('expired');
    const future = signer.sign(member, 'users', { now: now + 60_000 });
    expect(() => verifier.verify(future, now)).toThrow('issued in the future');
  });

  it('carries a member’s roles and suspension', () => {
    const until = '2031-05-01T10:00:00.000Z';
    const moderator: MemberIdentity = {
      ...member,
      roles: ['moderator', 'admin'],
      suspendedUntil: until,
    };
    expect(verifier.verify(signer.sign(moderator, 'users'))).toEqual(moderator);
    // None is sent as nothing: assertions of most members stay as short as before.
    const [payload = ''] = signer.sign(member, 'users').split('.');
    expect(Object.keys(JSON.parse(Buffer.from(payload, 'base64url').toString()) as object)).toEqual(
      ['v', 'aud', 'iat', 'exp', 'kind', 'sub', 'sid', 'lang'],
    );
  });

  it('never reuses an assertion signed before a role or a suspension changed', () => {
    const before = signer.sign(member, 'users');
    expect(signer.sign(member, 'users')).toBe(before);
    const granted = signer.sign({ ...member, roles: ['moderator'] as const }, 'users');
    expect(granted).not.toBe(before);
    expect(verifier.verify(granted)).toMatchObject({ roles: ['moderator'] });
    const suspended = signer.sign(
      { ...member, suspendedUntil: '2031-01-01T00:00:00.000Z' },
      'users',
    );
    expect(verifier.verify(suspended)).toMatchObject({
      suspendedUntil: '2031-01-01T00:00:00.000Z',
    });
  });

  it('leaves out a role it does not know, and refuses roles or a suspension it cannot read', () => {
    const token = signer.sign(member, 'users', { now: Date.now() });
    expect(verifier.verify(resigned(token, (c) => (c['rol'] = ['moderator', 'owner'])))).toEqual({
      ...member,
      roles: ['moderator'],
    });
    expect(() => verifier.verify(resigned(token, (c) => (c['rol'] = 'admin')))).toThrow(
      'malformed roles',
    );
    expect(() => verifier.verify(resigned(token, (c) => (c['sus'] = 'soon')))).toThrow(
      'malformed suspension',
    );
  });

  it.each(['', 'abc', '.', 'a.b', 'x'.repeat(3000)])('refuses garbage %#', (token) => {
    expect(() => verifier.verify(token)).toThrow(InvalidAssertionError);
  });
});

describe(suspendedUntil.name, () => {
  it('tells until when a member is suspended, only while they are', () => {
    const now = Date.parse('2030-01-01T00:00:00.000Z');
    const until = '2030-01-02T00:00:00.000Z';
    expect(suspendedUntil({ ...member, suspendedUntil: until }, now)).toBe(until);
    expect(suspendedUntil({ ...member, suspendedUntil: until }, Date.parse(until))).toBeUndefined();
    expect(suspendedUntil(member, now)).toBeUndefined();
    expect(suspendedUntil({ kind: 'guest' }, now)).toBeUndefined();
  });
});

describe('identity keys', () => {
  it('round-trip through their env form (base64 DER) and PEM', () => {
    const exported = exportIdentityKeys(keys);
    const reSigner = new IdentitySigner(parsePrivateKey(exported.privateKey));
    const reVerifier = new IdentityVerifier(parsePublicKey(exported.publicKey), 'users');
    expect(reVerifier.verify(reSigner.sign(member, 'users'))).toEqual(member);
    const pem = keys.publicKey
      .export({ type: 'spki', format: 'pem' })
      .toString()
      .replace(/\n/g, '\\n');
    expect(parsePublicKey(pem).equals(keys.publicKey)).toBe(true);
  });

  it('refuses a key that is not Ed25519', () => {
    expect(() => parsePublicKey('bm90IGEga2V5')).toThrow();
  });
});
