import {
  IdentitySigner,
  exportIdentityKeys,
  generateIdentityKeys,
  type AssertionContext,
  type Identity,
} from '@mepedia/server-identity';

/** A signing key pair for a test, and assertions signed with it. */
export function testIdentity() {
  const keys = generateIdentityKeys();
  const signer = new IdentitySigner(keys.privateKey);
  return {
    keys,
    exported: exportIdentityKeys(keys),
    assert: (
      identity: Identity,
      audience: string,
      options: AssertionContext & { now?: number } = {},
    ) => signer.sign(identity, audience, options),
  };
}
