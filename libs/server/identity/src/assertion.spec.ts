import {
  ASSERTION_TTL_SECONDS,
  IdentitySigner,
  IdentityVerifier,
  InvalidAssertionError,
  exportIdentityKeys,
  generateIdentityKeys,
  parsePrivateKey,
  parsePublicKey,
  type Identity,
} from './assertion';

const keys = generateIdentityKeys();
const signer = new IdentitySigner(keys.privateKey);
const verifier = new IdentityVerifier(keys.publicKey, 'users');
const member: Identity = { kind: 'member', userId: 'u1', sessionId: 's1', language: 'he' };

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

  it.each(['', 'abc', '.', 'a.b', 'x'.repeat(3000)])('refuses garbage %#', (token) => {
    expect(() => verifier.verify(token)).toThrow(InvalidAssertionError);
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
