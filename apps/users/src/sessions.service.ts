import { createHash, randomBytes } from 'node:crypto';
import {
  BUS_CHANNELS,
  type Language,
  type MemberRole,
  type SessionsList,
} from '@mepedia/contracts';
import { newId } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';
import { SESSION_IDLE_SECONDS, SESSION_TTL_SECONDS } from '@mepedia/server-identity';
import type { MessageBus } from '@mepedia/server-queue';
import { requireOwnSession } from './users.access';
import type { UsersStore } from './users.repository';

export type SessionsRevoked = { sessionIds?: string[]; userId?: string };

export type ResolvedSession = {
  userId: string;
  sessionId: string;
  language: Language;
  expiresAt: string;
  /** The member's roles (what the gateway signs into their identity). */
  roles: MemberRole[];
  /** While the member is suspended: until when (ISO); null otherwise. */
  suspendedUntil: string | null;
};

/** Use is written down at most this often per session: no write per request. */
export const SESSION_TOUCH_SECONDS = 5 * 60;

const idleSince = (now: Date) => new Date(now.getTime() - SESSION_IDLE_SECONDS * 1000);

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
    userAgent?: string,
  ): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
    // Every way of signing in ends here: a banned account gets no session (resolve would ignore
    // one anyway).
    if (await this.repository.isBanned(userId)) throw new AppError('ACCOUNT_BANNED');
    const token = randomBytes(32).toString('base64url');
    const sessionId = newId(now.getTime());
    const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
    await this.repository.insertSession({
      id: sessionId,
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
      lastSeenAt: now,
      userAgent: userAgent?.slice(0, 200) || null,
    });
    return { token, sessionId, expiresAt };
  }

  async resolve(token: string, now = new Date()): Promise<ResolvedSession | null> {
    // Tokens we issue are 43 base64url characters; anything else cannot match.
    if (!/^[\w-]{43}$/.test(token)) return null;
    const row = await this.repository.findLiveSession(hashToken(token), now, idleSince(now));
    if (!row) return null;
    if (now.getTime() - row.lastSeenAt.getTime() > SESSION_TOUCH_SECONDS * 1000)
      await this.repository.touchSession(row.sessionId, now);
    return {
      userId: row.userId,
      sessionId: row.sessionId,
      language: row.language,
      expiresAt: row.expiresAt.toISOString(),
      roles: row.roles,
      // A suspension that has run out is none.
      suspendedUntil:
        row.suspendedUntil && row.suspendedUntil > now ? row.suspendedUntil.toISOString() : null,
    };
  }

  /** The member's live sessions, this one marked. */
  async list(userId: string, currentSessionId: string, now = new Date()): Promise<SessionsList> {
    const rows = await this.repository.liveSessionsOf(userId, now, idleSince(now));
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        current: row.id === currentSessionId,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        idleExpiresAt: new Date(
          Math.min(row.expiresAt.getTime(), row.lastSeenAt.getTime() + SESSION_IDLE_SECONDS * 1000),
        ).toISOString(),
        userAgent: row.userAgent,
      })),
    };
  }

  /** Sign out everywhere else: every session of the member but this one. */
  async endOthers(userId: string, currentSessionId: string): Promise<{ ended: number }> {
    const ended = await this.repository.deleteSessionsOf(userId, currentSessionId);
    if (ended.length > 0) await this.announce({ sessionIds: ended });
    return { ended: ended.length };
  }

  /** End one of the member's own sessions (a lost phone); SESSION_NOT_FOUND for any other. */
  async endOne(userId: string, sessionId: string): Promise<{ ended: true }> {
    await this.repository.transaction(async (repository) => {
      // Not locked: a session never changes hands, so whose it is stays true until it is
      // deleted, and a stranger naming a session must not make its owner's requests wait.
      requireOwnSession(userId, await repository.findSession(sessionId));
      // Ended meanwhile (signed out there): gone, as if it had never been.
      if (!(await repository.deleteSession(sessionId))) throw new AppError('SESSION_NOT_FOUND');
    });
    await this.announce({ sessionIds: [sessionId] });
    return { ended: true };
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

  /**
   * The member's roles or restrictions changed (and, on a ban, these sessions ended): gateways
   * drop every cached session of theirs, so the next request carries the change.
   */
  async announceMemberChanged(userId: string, endedSessionIds: string[] = []): Promise<void> {
    await this.announce(
      endedSessionIds.length > 0 ? { userId, sessionIds: endedSessionIds } : { userId },
    );
  }

  private async announce(message: SessionsRevoked): Promise<void> {
    // Best effort: gateways also expire cached sessions within seconds on their own.
    await this.bus.publish(BUS_CHANNELS.sessionsRevoked, message).catch(() => undefined);
  }
}
