import { PasswordHasher } from './passwords';

describe(PasswordHasher.name, () => {
  const hasher = new PasswordHasher();

  it('hashes with Argon2id at the OWASP parameters, salted', async () => {
    const a = await hasher.hash('secret123');
    const b = await hasher.hash('secret123');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password only', async () => {
    const hash = await hasher.hash('secret123');
    await expect(hasher.verify(hash, 'secret123')).resolves.toBe(true);
    await expect(hasher.verify(hash, 'secret124')).resolves.toBe(false);
    await expect(hasher.verify('not-a-hash', 'secret123')).resolves.toBe(false);
  });

  it('spends a verification even when there is no account', async () => {
    await expect(hasher.verify(null, 'decoy-password-1')).resolves.toBe(false);
  });
});
