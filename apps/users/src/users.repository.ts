import {
  isMemberRole,
  type DomainEventPayload,
  type DomainEventType,
  type MemberRole,
} from '@mepedia/contracts';
import { BlockStore, isUuid, newId, removedMemberKey, type Db } from '@mepedia/server-database';
import { appendEvent } from '@mepedia/server-queue';
import { and, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { personChange } from './searchable';
import { fullname } from './users.mapper';
import {
  auditEvents,
  memberRoles,
  outbox,
  removedMembers,
  roleChanges,
  sessions,
  users,
  type NewUserRow,
  type UserRow,
} from './users.schema';

export type UserChanges = Partial<
  Omit<
    NewUserRow,
    'id' | 'email' | 'phoneNumberPrefix' | 'phoneNumber' | 'passwordHash' | 'createdAt'
  >
>;

/** What the rules need from storage (the repository's public face; unit tests fake it). */
export type UsersStore = Pick<UsersRepository, keyof UsersRepository>;

/** Data access for the users schema: reads and writes, no rules (users.access.ts decides). */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** This repository inside one transaction, the service's: all of `work` commits or none. */
  transaction<T>(work: (repository: UsersStore) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new UsersRepository(tx)));
  }

  async insert(row: NewUserRow): Promise<UserRow> {
    const [created] = await this.db.insert(users).values(row).returning();
    return created as UserRow;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    // Ids are UUIDs; anything else matches nothing (and must not reach Postgres as a cast error).
    if (!isUuid(id)) return undefined;
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** The members among `ids` (a primary-key probe; ids that are no UUID match nothing). */
  async findByIds(ids: string[]): Promise<UserRow[]> {
    const valid = [...new Set(ids.map((id) => id.toLowerCase()).filter(isUuid))];
    if (valid.length === 0) return [];
    return this.db.select().from(users).where(inArray(users.id, valid));
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async findByPhone(prefix: string, phone: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.phoneNumberPrefix, prefix), eq(users.phoneNumber, phone)))
      .limit(1);
    return row;
  }

  /** Set verification timestamps, the phone or the email without announcing a profile change. */
  async setAccountFields(
    id: string,
    fields: Partial<
      Pick<
        UserRow,
        | 'phoneVerifiedAt'
        | 'emailVerifiedAt'
        | 'email'
        | 'phoneNumberPrefix'
        | 'phoneNumber'
        | 'passwordHash'
        | 'verificationDeadline'
      >
    >,
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** End every session of a member but `keep`; returns the ids ended. */
  async deleteSessionsOf(userId: string, keep?: string): Promise<string[]> {
    const rows = await this.db
      .delete(sessions)
      .where(
        keep
          ? and(eq(sessions.userId, userId), ne(sessions.id, keep))
          : eq(sessions.userId, userId),
      )
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  }

  async existsByPhone(prefix: string, phone: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phoneNumberPrefix, prefix), eq(users.phoneNumber, phone)))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Update and announce `user.updated` in one transaction, and searchable.changed when the change
   * alters what the search service shows of a verified member (their verification completing
   * too: searchable.ts).
   */
  async update(id: string, changes: UserChanges): Promise<UserRow | undefined> {
    return this.updateAnnounced(id, changes);
  }

  /**
   * Move the member to a confirmed new address and announce it (user.updated) in the same
   * transaction: the services that write to the member never keep the old address, which may
   * soon be someone else's, after a failure between the two.
   */
  async changeEmail(id: string, email: string): Promise<UserRow | undefined> {
    return this.updateAnnounced(id, { email });
  }

  private updateAnnounced(
    id: string,
    changes: UserChanges | { email: string },
  ): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      // As it was, locked: changes take turns, and each is compared with the one before it.
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!before) return undefined;
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (!row) return undefined;
      await appendEvent(tx, outbox, 'user.updated', {
        userId: row.id,
        firstname: row.firstname,
        lastname: row.lastname,
        fullname: fullname(row),
        language: row.language,
        profileImage: row.croppedProfileImage ?? row.profileImage,
        email: row.email,
      });
      const person = personChange(before, row);
      if (person) await appendEvent(tx, outbox, 'searchable.changed', person);
      return row;
    });
  }

  /**
   * Delete the member (sessions go by cascade) and their blocks and mutes, both ways (issue 35),
   * and announce `user.deleted`, in one transaction.
   * Their security audit trail stays (what happened, when, from which address) but no longer
   * says whose it was: the rows lose the member id and their details.
   */
  async delete(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      // The roles go with the account (by cascade); the role audit says so, forgetting whose.
      const held = await tx
        .select({ role: memberRoles.role })
        .from(memberRoles)
        .where(eq(memberRoles.userId, id));
      const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      if (deleted.length === 0) return false;
      // The role audit keeps what was held and done, no longer by whom or to whom.
      await tx.update(roleChanges).set({ userId: null }).where(eq(roleChanges.userId, id));
      await tx
        .update(roleChanges)
        .set({ actor: 'member:deleted' })
        .where(eq(roleChanges.actor, `member:${id}`));
      const at = new Date();
      if (held.length > 0)
        await tx.insert(roleChanges).values(
          held.map(({ role }) => ({
            id: newId(at.getTime()),
            userId: null,
            role,
            action: 'revoke' as const,
            actor: 'account-deleted',
            at,
          })),
        );
      await tx
        .update(auditEvents)
        .set({ userId: null, details: {} })
        .where(eq(auditEvents.userId, id));
      // Their blocks and mutes both ways; the digest first, so a block word still on its way
      // finds it and writes nothing (BlockStore), and one written meanwhile is cleared by
      // PeopleService.applyBlock when it sees the departure.
      await tx
        .insert(removedMembers)
        .values({ memberKey: removedMemberKey(id) })
        .onConflictDoNothing();
      await new BlockStore(tx, 'users').removeMember(id);
      await appendEvent(tx, outbox, 'user.deleted', { userId: id });
      return true;
    });
  }

  /** An event with no row change of ours (e.g. an unsubscribe), through the outbox. */
  async recordEvent<T extends DomainEventType>(
    type: T,
    payload: DomainEventPayload<T>,
  ): Promise<void> {
    await appendEvent(this.db, outbox, type, payload);
  }

  async insertSession(row: typeof sessions.$inferInsert): Promise<void> {
    await this.db.insert(sessions).values(row);
  }

  /**
   * The live session for a token hash (not past its end, not idle since `idleSince`, not of a
   * banned account), with the member's roles and suspension.
   */
  async findLiveSession(tokenHash: string, now: Date, idleSince: Date) {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        language: users.language,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        suspendedUntil: users.suspendedUntil,
        // One text, not an array: both drivers read it alike.
        roles: sql<
          string | null
        >`(select string_agg(${memberRoles.role}, ',' order by ${memberRoles.role}) from ${memberRoles} where ${memberRoles.userId} = ${sessions.userId})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, idleSince),
          isNull(users.bannedAt),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const roles: MemberRole[] = (row.roles ?? '').split(',').filter(isMemberRole);
    return { ...row, roles };
  }

  /** Whether the member's account is banned (false for no such member). */
  async isBanned(userId: string): Promise<boolean> {
    if (!isUuid(userId)) return false;
    const [row] = await this.db
      .select({ bannedAt: users.bannedAt })
      .from(users)
      .where(eq(users.id, userId));
    return row?.bannedAt != null;
  }

  /**
   * The moderation service's word on an account, when it is newer than the last one applied
   * (`occurredAt`): the suspension as said, a ban from the first word that bans (kept while
   * later ones do too), and, on a ban, every session of the member ended in the same
   * transaction. Undefined when nothing was written: a stale word, or no such member (gone).
   */
  async applyRestriction(
    userId: string,
    restriction: { suspendedUntil: Date | null; banned: boolean },
    occurredAt: Date,
  ): Promise<{ banned: boolean; endedSessions: string[] } | undefined> {
    if (!isUuid(userId)) return undefined;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          suspendedUntil: restriction.suspendedUntil,
          bannedAt: restriction.banned
            ? sql`coalesce(${users.bannedAt}, ${occurredAt.toISOString()}::timestamptz)`
            : null,
          restrictionVersion: occurredAt,
        })
        .where(
          and(
            eq(users.id, userId),
            or(isNull(users.restrictionVersion), lt(users.restrictionVersion, occurredAt)),
          ),
        )
        .returning({ id: users.id });
      if (!row) return undefined;
      if (!restriction.banned) return { banned: false, endedSessions: [] };
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return { banned: true, endedSessions: ended.map((session) => session.id) };
    });
  }

  async touchSession(sessionId: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  }

  /** A member's live sessions, most recently used first. */
  async liveSessionsOf(userId: string, now: Date, idleSince: Date) {
    return this.db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, idleSince),
        ),
      )
      .orderBy(desc(sessions.lastSeenAt));
  }

  /** Whose a session is (live or not); undefined when there is none. */
  async findSession(sessionId: string): Promise<{ id: string; userId: string } | undefined> {
    // Ids are UUIDs; anything else matches nothing (and must not reach Postgres as a cast error).
    if (!isUuid(sessionId)) return undefined;
    const [row] = await this.db
      .select({ id: sessions.id, userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return row;
  }

  /** Delete a session; whether it was there. */
  async deleteSession(sessionId: string): Promise<boolean> {
    if (!isUuid(sessionId)) return false;
    const rows = await this.db
      .delete(sessions)
      .where(eq(sessions.id, sessionId))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  /**
   * Delete pending accounts past their verification deadline: all of them, or only the one
   * holding `holding`'s email or phone (so a registration never waits for the sweep). They never
   * became public, so no other service knows them: no event.
   */
  async deletePendingPastDeadline(
    now: Date,
    holding?: { email: string; phoneNumberPrefix: string; phoneNumber: string },
  ): Promise<number> {
    const past = and(isNull(users.emailVerifiedAt), lte(users.verificationDeadline, now));
    const deleted = await this.db
      .delete(users)
      .where(
        holding
          ? and(
              past,
              or(
                eq(users.email, holding.email),
                and(
                  eq(users.phoneNumberPrefix, holding.phoneNumberPrefix),
                  eq(users.phoneNumber, holding.phoneNumber),
                ),
              ),
            )
          : past,
      )
      .returning({ id: users.id });
    return deleted.length;
  }

  async deleteExpiredSessions(now: Date, idleSince: Date): Promise<number> {
    const deleted = await this.db
      .delete(sessions)
      .where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleSince)))
      .returning({ id: sessions.id });
    return deleted.length;
  }
}
