import type { DomainEventPayload } from '@mepedia/contracts';
import { removedMemberKey, type Db } from '@mepedia/server-database';
import { appendEvent } from '@mepedia/server-queue';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  circleInvitations,
  circleMembers,
  members,
  outbox,
  removedMembers,
} from './circles.schema';

/** A member as this service knows them. */
export type KnownMember = {
  userId: string;
  fullname: string;
  profileImage: string | null;
  language: string;
  email: string | null;
};

export type InvitationRow = typeof circleInvitations.$inferSelect;

/** A person of a circle: a member in it, or the owner of one the reader is in. */
export type CirclePersonRow = {
  userId: string;
  fullname: string;
  profileImage: string | null;
  since: Date;
};

/** Invitations waiting for an answer at `now`: not accepted, not withdrawn, not expired. */
const waiting = (now: Date) =>
  and(
    isNull(circleInvitations.acceptedBy),
    isNull(circleInvitations.revokedAt),
    gt(circleInvitations.expiresAt, now),
  );

/** Circles, their invitations and the members read model; the one place their SQL is. */
export class CirclesRepository {
  constructor(private readonly db: Db) {}

  /** This repository inside one transaction: all of `work` commits or none. */
  transaction<T>(work: (repository: CirclesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new CirclesRepository(tx)));
  }

  /**
   * Take a key's turn until the transaction ends: an owner's (its limits are counted, then a row
   * added, and two invitations at once must not both pass the last place) or a member's (an
   * update and their removal wait for each other). In a transaction.
   */
  async lockTurn(key: string): Promise<void> {
    await this.db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`circles:${key}`}, 0))`,
    );
  }

  // --- members as the users service announces them -------------------------------------

  /** A member's name, picture, language and address as of `at`, unless a newer word came. */
  async upsertMember(user: DomainEventPayload<'user.updated'>, at: Date): Promise<void> {
    const email = user.email === undefined ? {} : { email: user.email.toLowerCase() };
    await this.db
      .insert(members)
      .values({
        userId: user.userId,
        fullname: user.fullname,
        profileImage: user.profileImage,
        language: user.language,
        ...email,
        version: at,
      })
      .onConflictDoUpdate({
        target: members.userId,
        set: {
          fullname: user.fullname,
          profileImage: user.profileImage,
          language: user.language,
          ...email,
          version: at,
        },
        setWhere: sql`${members.version} < excluded.version`,
      });
  }

  async member(userId: string): Promise<KnownMember | undefined> {
    const [row] = await this.db
      .select({
        userId: members.userId,
        fullname: members.fullname,
        profileImage: members.profileImage,
        language: members.language,
        email: members.email,
      })
      .from(members)
      .where(eq(members.userId, userId));
    return row;
  }

  /** The member with this address (lower-cased), if any. */
  async memberByEmail(email: string): Promise<KnownMember | undefined> {
    const [row] = await this.db
      .select({
        userId: members.userId,
        fullname: members.fullname,
        profileImage: members.profileImage,
        language: members.language,
        email: members.email,
      })
      .from(members)
      .where(eq(members.email, email))
      .limit(1);
    return row;
  }

  async left(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ key: removedMembers.memberKey })
      .from(removedMembers)
      .where(eq(removedMembers.memberKey, removedMemberKey(userId)));
    return row !== undefined;
  }

  /**
   * A member left: their row, their circle and the circles they were in, their invitations and
   * those they accepted go, and they are remembered as gone. Nothing is announced one by one:
   * every service that keeps memberships hears `user.deleted` too. In a transaction.
   */
  async removeMember(userId: string): Promise<{ memberships: number; invitations: number }> {
    await this.db.delete(members).where(eq(members.userId, userId));
    const memberships = await this.db
      .delete(circleMembers)
      .where(or(eq(circleMembers.ownerId, userId), eq(circleMembers.memberId, userId)))
      .returning({ ownerId: circleMembers.ownerId });
    const invitations = await this.db
      .delete(circleInvitations)
      .where(or(eq(circleInvitations.ownerId, userId), eq(circleInvitations.acceptedBy, userId)))
      .returning({ id: circleInvitations.id });
    await this.db
      .insert(removedMembers)
      .values({ memberKey: removedMemberKey(userId) })
      .onConflictDoNothing();
    return { memberships: memberships.length, invitations: invitations.length };
  }

  // --- circles ---------------------------------------------------------------------------

  /** How many people are in the owner's circle, and how many invitations wait at `now`. */
  async sizes(ownerId: string, now: Date): Promise<{ members: number; pending: number }> {
    const [inCircle] = await this.db
      .select({ n: count() })
      .from(circleMembers)
      .where(eq(circleMembers.ownerId, ownerId));
    const [pending] = await this.db
      .select({ n: count() })
      .from(circleInvitations)
      .where(and(eq(circleInvitations.ownerId, ownerId), waiting(now)));
    return { members: inCircle?.n ?? 0, pending: pending?.n ?? 0 };
  }

  async inCircle(ownerId: string, memberId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ ownerId: circleMembers.ownerId })
      .from(circleMembers)
      .where(and(eq(circleMembers.ownerId, ownerId), eq(circleMembers.memberId, memberId)));
    return row !== undefined;
  }

  /** Answers whether the member was not in the circle before. */
  async addToCircle(ownerId: string, memberId: string, at: Date): Promise<boolean> {
    const added = await this.db
      .insert(circleMembers)
      .values({ ownerId, memberId, addedAt: at })
      .onConflictDoNothing()
      .returning({ ownerId: circleMembers.ownerId });
    return added.length > 0;
  }

  /** Answers whether the member was in the circle. */
  async removeFromCircle(ownerId: string, memberId: string): Promise<boolean> {
    const removed = await this.db
      .delete(circleMembers)
      .where(and(eq(circleMembers.ownerId, ownerId), eq(circleMembers.memberId, memberId)))
      .returning({ ownerId: circleMembers.ownerId });
    return removed.length > 0;
  }

  /** The owner's circle, newest first, as this service knows its people. */
  async circleOf(ownerId: string): Promise<CirclePersonRow[]> {
    return this.db
      .select({
        userId: members.userId,
        fullname: members.fullname,
        profileImage: members.profileImage,
        since: circleMembers.addedAt,
      })
      .from(circleMembers)
      .innerJoin(members, eq(members.userId, circleMembers.memberId))
      .where(eq(circleMembers.ownerId, ownerId))
      .orderBy(desc(circleMembers.addedAt));
  }

  /** The owners of the circles a member is in, newest joined first. */
  async circlesWith(memberId: string): Promise<CirclePersonRow[]> {
    return this.db
      .select({
        userId: members.userId,
        fullname: members.fullname,
        profileImage: members.profileImage,
        since: circleMembers.addedAt,
      })
      .from(circleMembers)
      .innerJoin(members, eq(members.userId, circleMembers.ownerId))
      .where(eq(circleMembers.memberId, memberId))
      .orderBy(desc(circleMembers.addedAt));
  }

  /** Announce a membership's change in the same transaction (the outbox relays it). */
  async announce(
    type: 'circle.member.added' | 'circle.member.removed',
    ownerId: string,
    memberId: string,
  ): Promise<void> {
    await appendEvent(this.db, outbox, type, { ownerId, memberId });
  }

  // --- invitations -----------------------------------------------------------------------

  async insertInvitation(row: typeof circleInvitations.$inferInsert): Promise<InvitationRow> {
    const [inserted] = await this.db.insert(circleInvitations).values(row).returning();
    if (!inserted) throw new Error('the invitation was not written');
    return inserted;
  }

  /** The owner's invitations waiting at `now`, newest first. */
  async waitingOf(ownerId: string, now: Date): Promise<InvitationRow[]> {
    return this.db
      .select()
      .from(circleInvitations)
      .where(and(eq(circleInvitations.ownerId, ownerId), waiting(now)))
      .orderBy(desc(circleInvitations.createdAt));
  }

  /** Withdraw the owner's invitations to an address still waiting (a new one replaces them). */
  async revokeWaitingTo(ownerId: string, email: string, now: Date): Promise<number> {
    const revoked = await this.db
      .update(circleInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(circleInvitations.ownerId, ownerId),
          eq(circleInvitations.email, email),
          waiting(now),
        ),
      )
      .returning({ id: circleInvitations.id });
    return revoked.length;
  }

  /** Withdraw one of the owner's invitations still waiting; answers whether there was one. */
  async revoke(ownerId: string, id: string, now: Date): Promise<boolean> {
    const revoked = await this.db
      .update(circleInvitations)
      .set({ revokedAt: now })
      .where(
        and(eq(circleInvitations.id, id), eq(circleInvitations.ownerId, ownerId), waiting(now)),
      )
      .returning({ id: circleInvitations.id });
    return revoked.length > 0;
  }

  /** The invitation a token's digest names, its row locked until the transaction ends. */
  async invitationByDigest(digest: string, lock: boolean): Promise<InvitationRow | undefined> {
    const query = this.db
      .select()
      .from(circleInvitations)
      .where(eq(circleInvitations.tokenDigest, digest));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async markAccepted(id: string, memberId: string, at: Date): Promise<void> {
    await this.db
      .update(circleInvitations)
      .set({ acceptedBy: memberId, acceptedAt: at })
      .where(eq(circleInvitations.id, id));
  }
}
