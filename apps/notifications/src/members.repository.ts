import type { DomainEventPayload } from '@mepedia/contracts';
import { removedMemberKey, type Db } from '@mepedia/server-database';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import {
  emailDigests,
  emailPreferences,
  emailSends,
  follows,
  members,
  removedMembers,
  weeklyQuestionAnswers,
  weeklyQuestionPrivateLists,
  weeklyQuestionPrivateQuestions,
  weeklyQuestionSends,
  weeklyQuestionSettings,
} from './notifications.schema';

export type Member = { userId: string; fullname: string; profileImage: string | null };

/**
 * Members as the notifications service knows them: their name, picture and language (the users
 * service's user.updated), and members who left (a digest of their id, never the id).
 */
export class MembersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Take the member's turn: `apply` and `remove` of one member wait for each other until the
   * transaction ends, so a `user.updated` handled while the member's `user.deleted` is cannot
   * write their row back. In the service's transaction.
   */
  async lockTurn(userId: string): Promise<void> {
    await this.db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`notifications:member:${userId}`}, 0))`,
    );
  }

  /**
   * A member's name, picture and language as of `at`, unless a newer word was applied. In the
   * service's transaction, after `lockTurn` and `left`.
   */
  async upsert(user: DomainEventPayload<'user.updated'>, at: Date): Promise<void> {
    await this.db
      .insert(members)
      .values({
        userId: user.userId,
        fullname: user.fullname,
        profileImage: user.profileImage,
        language: user.language,
        // An older event has no address: it keeps the one known.
        ...(user.email !== undefined ? { email: user.email } : {}),
        version: at,
      })
      .onConflictDoUpdate({
        target: members.userId,
        set: {
          fullname: user.fullname,
          profileImage: user.profileImage,
          language: user.language,
          ...(user.email !== undefined ? { email: user.email } : {}),
          version: at,
        },
        setWhere: sql`${members.version} < excluded.version`,
      });
    // An address heard for the first time fills a row that has none, whatever its date: the
    // users service announced every member's address once (its migration, dated the epoch).
    if (user.email !== undefined)
      await this.db
        .update(members)
        .set({ email: user.email })
        .where(and(eq(members.userId, user.userId), isNull(members.email)));
  }

  /**
   * A member who may be followed and listed, its row locked against their removal until the
   * transaction ends (a follow of a member leaving at that moment either comes before their
   * removal, which then takes it, or finds them gone). In the service's transaction.
   */
  async lockKnown(userId: string): Promise<Member | undefined> {
    const [row] = await this.db
      .select({
        userId: members.userId,
        fullname: members.fullname,
        profileImage: members.profileImage,
      })
      .from(members)
      .where(eq(members.userId, userId))
      .for('share');
    return row;
  }

  /** A member who may be followed and listed. */
  async known(userId: string): Promise<Member | undefined> {
    const [row] = await this.db
      .select({
        userId: members.userId,
        fullname: members.fullname,
        profileImage: members.profileImage,
      })
      .from(members)
      .where(eq(members.userId, userId));
    return row;
  }

  /** Whether a member left. */
  async left(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ key: removedMembers.memberKey })
      .from(removedMembers)
      .where(eq(removedMembers.memberKey, removedMemberKey(userId)));
    return row !== undefined;
  }

  /**
   * A member is gone: their row (taken first, so a follow of them waiting on it finds them gone),
   * their follows both ways, and they are remembered as gone. Several statements: run it in the
   * service's transaction. Answers how many follows went.
   */
  async remove(userId: string): Promise<number> {
    await this.db.delete(members).where(eq(members.userId, userId));
    const gone = await this.db
      .delete(follows)
      .where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)))
      .returning({ followerId: follows.followerId });
    // Their weekly question goes with them (settings, what was sent, what they answered).
    await this.db.delete(weeklyQuestionSettings).where(eq(weeklyQuestionSettings.userId, userId));
    await this.db.delete(weeklyQuestionSends).where(eq(weeklyQuestionSends.userId, userId));
    await this.db.delete(weeklyQuestionAnswers).where(eq(weeklyQuestionAnswers.userId, userId));
    // Their private questions' texts too: nothing of them stays.
    await this.db
      .delete(weeklyQuestionPrivateQuestions)
      .where(eq(weeklyQuestionPrivateQuestions.userId, userId));
    await this.db
      .delete(weeklyQuestionPrivateLists)
      .where(eq(weeklyQuestionPrivateLists.userId, userId));
    // And their email choices, their digests' times and the records of their emails.
    await this.db.delete(emailPreferences).where(eq(emailPreferences.userId, userId));
    await this.db.delete(emailDigests).where(eq(emailDigests.userId, userId));
    await this.db.delete(emailSends).where(eq(emailSends.userId, userId));
    await this.db
      .insert(removedMembers)
      .values({ memberKey: removedMemberKey(userId) })
      .onConflictDoNothing();
    return gone.length;
  }
}
