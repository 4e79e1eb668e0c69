import { hash, verify } from '@node-rs/argon2';

// OWASP's first recommended Argon2id setting: 19 MiB, 2 passes, 1 lane.
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export class PasswordHasher {
  // A real hash to check against when the email is unknown, so a miss costs
  // as much time as a wrong password and timing does not reveal accounts.
  private readonly decoy = hash('decoy-password-1', ARGON2ID);

  hash(password: string): Promise<string> {
    return hash(password, ARGON2ID);
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (passwordHash === null) {
      await verify(await this.decoy, password).catch(() => false);
      return false;
    }
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}
