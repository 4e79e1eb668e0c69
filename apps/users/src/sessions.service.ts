import { createHash, randomBytes } from 'node:crypto';
import { BUS_CHANNELS, type Language } from '@mepedia/contracts';
import { newId } from '@mepedia/server-database';
import { SESSION_TTL_SECONDS } from '@mepedia/server-identity';
import type { MessageBus } from '@mepedia/server-queue';
import type { UsersStore } from './users.repository';

export type SessionsRevoked = { sessionIds?: string[]; userId?: string };

export type ResolvedSession = {
  userId: string;
  sessionId: string;
  language: Language;
  expiresAt: string;
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Session lifecycle: 256-bit random tokens, stored only as hashes, revoked at once. */
export class SessionsService {
  constructor(
    private readonly repository: UsersStore,
    private readonly bus: MessageBus,
  ) {}

  async create(
    userId: string,
    now = new Date(),
  ): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const sessionId = newId(now.getTime());
    const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
    await this.repository.insertSession({
      id: sessionId,
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
    });
    return { token, sessionId, expiresAt };
  }

  async resolve(token: string, now = new Date()): Promise<ResolvedSession | null> {
    // Tokens we issue are 43 base64url characters; anything else cannot match.
    if (!/^[\w-]{43}$/.test(token)) return null;
    const row = await this.repository.findLiveSession(hashToken(token), now);
    if (!row) return null;
    return {
      userId: row.userId,
      sessionId: row.sessionId,
      language: row.language,
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.repository.deleteSession(sessionId);
    await this.announce({ sessionIds: [sessionId] });
  }

  /** Sessions deleted elsewhere (a password change): tell gateways to forget them. */
  async announceEnded(sessionIds: string[]): Promise<void> {
    await this.announce({ sessionIds });
  }

  /** After the member's rows are gone (account deleted): tell gateways to forget them. */
  async announceUserGone(userId: string): Promise<void> {
    await this.announce({ userId });
  }

  private async announce(message: SessionsRevoked): Promise<void> {
    // Best effort: gateways also expire cached sessions within seconds on their own.
    await this.bus.publish(BUS_CHANNELS.sessionsRevoked, message).catch(() => undefined);
  }
}
