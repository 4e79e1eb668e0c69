import { runToExit, testIdentity } from '@mepedia/server-testing';

// A wrong setting stops a process at boot, naming the variable, never echoing a secret.
describe('configuration at boot', () => {
  it('stops the standalone process on a bad PORT', async () => {
    const result = await runToExit('dist/apps/standalone/src/main.js', {
      PORT: 'eighty',
      DATA_DIR: 'memory://',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid configuration for standalone');
    expect(result.stderr).toContain('PORT: must be a TCP port number (0-65535)');
    expect(result.stdout).not.toContain('ready at');
  });

  it('stops the gateway on a bad WEB_ORIGIN and an unusable key, without printing the key', async () => {
    const result = await runToExit('dist/apps/gateway/src/main.js', {
      WEB_ORIGIN: 'not a url',
      IDENTITY_PRIVATE_KEY: 'super-secret-garbage-value',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid configuration for gateway');
    expect(result.stderr).toContain('WEB_ORIGIN: must be a comma-separated list of origins');
    expect(result.stderr).toContain('IDENTITY_PRIVATE_KEY: must be an Ed25519 private key');
    expect(result.stderr).not.toContain('super-secret-garbage-value');
  });

  it('stops a service without the gateway public key or with a bad DATABASE_URL', async () => {
    const missingKey = await runToExit('dist/apps/users/src/main.js', { DATA_DIR: 'memory://' });
    expect(missingKey.code).toBe(1);
    expect(missingKey.stderr).toContain('IDENTITY_PUBLIC_KEY: is required');

    const badUrl = await runToExit('dist/apps/users/src/main.js', {
      IDENTITY_PUBLIC_KEY: testIdentity().exported.publicKey,
      DATABASE_URL: 'mysql://localhost/db',
      LOG_LEVEL: 'loud',
    });
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).toContain(
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
    );
    expect(badUrl.stderr).toContain(
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    );
  });
});
