import { createHash } from 'node:crypto';
import { BUS_CHANNELS, isLanguage, isMemberRole } from '@mepedia/contracts';
import type { Identity, IdentitySigner } from '@mepedia/server-identity';
import type { MessageBus } from '@mepedia/server-queue';
import type { Upstream } from './upstream';

export type Member = Extract<Identity, { kind: 'member' }>;

type Entry = { member: Member | null; expiresAt: number };

const MAX_ENTRIES = 50_000;

/** In the last part of an entry's life, a call refreshes it in the background. */
const REFRESH_AHEAD_SHARE = 0.2;

/**
 * Cookie token -> member (with their roles and any suspension), via the users service, with a
 * short cache. Entries are dropped the moment users announces a revocation, and by this gateway
 * itself after a logout passes through it; a message naming only a member (`{ userId }`: a role
 * granted or revoked, a suspension, a ban) drops every entry of theirs, so the change holds from
 * their next request.
 *
 * An entry in use is looked up again shortly before it expires, while it still answers: a
 * member's calls never all wait for the users service at once each time their entry runs out.
 * No entry answers past its time.
 */
export class SessionResolver {
  private readonly cache = new Map<string, Entry>();
  private readonly bySession = new Map<string, string>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly inflight = new Map<string, Promise<Member | null>>();
  /** Counts revocations: a lookup that saw one happen while it ran does not cache its answer. */
  private drops = 0;

  constructor(
    private readonly users: Upstream | undefined,
    private readonly signer: IdentitySigner,
    private readonly ttlMs: number,
    private readonly timeoutMs: number,
  ) {}

  async listen(bus: MessageBus): Promise<void> {
    await bus.subscribe(BUS_CHANNELS.sessionsRevoked, (message) => {
      const { sessionIds, userId } = (message ?? {}) as { sessionIds?: unknown; userId?: unknown };
      if (Array.isArray(sessionIds))
        for (const id of sessionIds) if (typeof id === 'string') this.forgetSession(id);
      if (typeof userId === 'string') this.forgetUser(userId);
    });
  }

  /** The member behind a cookie token, or null (unknown, expired or revoked). */
  async resolve(token: string, now = Date.now()): Promise<Member | null> {
    const key = createHash('sha256').update(token).digest('base64url');
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > now) {
      if (cached.expiresAt - now <= this.ttlMs * REFRESH_AHEAD_SHARE && !this.inflight.has(key))
        // Its answer replaces this entry; a failure leaves it to expire and be asked again.
        this.refresh(key, token, now).catch(() => undefined);
      return cached.member;
    }
    return this.inflight.get(key) ?? this.refresh(key, token, now);
  }

  /** Ask the users service, once at a time per token, and cache the answer. */
  private refresh(key: string, token: string, now: number): Promise<Member | null> {
    const dropsBefore = this.drops;
    const pending = this.lookup(token)
      .then((member) => {
        // A revocation while the lookup ran may have been the answer's own: not cached.
        if (this.ttlMs > 0 && this.drops === dropsBefore)
          this.remember(key, member, now + this.ttlMs);
        return member;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, pending);
    return pending;
  }

  /** Drop a token from the cache (after a logout or account deletion went through). */
  forgetToken(token: string): void {
    this.drops += 1;
    this.drop(createHash('sha256').update(token).digest('base64url'));
  }

  forgetSession(sessionId: string): void {
    this.drops += 1;
    const key = this.bySession.get(sessionId);
    if (key) this.drop(key);
  }

  forgetUser(userId: string): void {
    this.drops += 1;
    for (const key of [...(this.byUser.get(userId) ?? [])]) this.drop(key);
  }

  private remember(key: string, member: Member | null, expiresAt: number) {
    if (this.cache.size >= MAX_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.cache.set(key, { member, expiresAt });
    if (member) {
      this.bySession.set(member.sessionId, key);
      const keys = this.byUser.get(member.userId) ?? new Set<string>();
      keys.add(key);
      this.byUser.set(member.userId, keys);
    }
  }

  private drop(key: string) {
    const entry = this.cache.get(key);
    this.cache.delete(key);
    if (entry?.member) {
      this.bySession.delete(entry.member.sessionId);
      const keys = this.byUser.get(entry.member.userId);
      keys?.delete(key);
      if (keys && keys.size === 0) this.byUser.delete(entry.member.userId);
    }
  }

  private async lookup(token: string): Promise<Member | null> {
    if (!this.users) throw new UsersUnavailableError();
    const response = await this.users.request({
      method: 'POST',
      path: '/internal/sessions/resolve',
      headers: {
        'content-type': 'application/json',
        'x-mepedia-identity': this.signer.sign({ kind: 'service', service: 'gateway' }, 'users'),
      },
      body: JSON.stringify({ token }),
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw new UsersUnavailableError();
    }
    const { session } = (await response.body.json()) as {
      session: {
        userId?: unknown;
        sessionId?: unknown;
        language?: unknown;
        roles?: unknown;
        suspendedUntil?: unknown;
      } | null;
    };
    if (!session) return null;
    // A users service older than roles sends neither; a role this gateway does not know is left out.
    const roles = session.roles ?? [];
    const suspendedUntil = session.suspendedUntil ?? null;
    if (
      typeof session.userId !== 'string' ||
      typeof session.sessionId !== 'string' ||
      !isLanguage(session.language) ||
      !Array.isArray(roles) ||
      (suspendedUntil !== null &&
        (typeof suspendedUntil !== 'string' || Number.isNaN(Date.parse(suspendedUntil))))
    ) {
      throw new UsersUnavailableError();
    }
    return {
      kind: 'member',
      userId: session.userId,
      sessionId: session.sessionId,
      language: session.language,
      roles: roles.filter(isMemberRole),
      ...(suspendedUntil === null ? {} : { suspendedUntil }),
    };
  }
}

export class UsersUnavailableError extends Error {
  constructor() {
    super('the users service could not resolve the session');
    this.name = 'UsersUnavailableError';
  }
}
