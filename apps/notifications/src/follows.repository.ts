import { BlockStore, notBlocked, type Db } from '@mepedia/server-database';
import { appendEvent } from '@mepedia/server-queue';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FollowsCursor } from './follows.cursor';
import { MembersRepository } from './members.repository';
import { follows, members, outbox } from './notifications.schema';

/** One member of a follow list, with when the follow began. */
export type FollowRow = {
  userId: string;
  fullname: string;
  profileImage: string | null;
  followedAt: Date;
};

/**
 * Who follows whom; `members` is the members read model on the same connection, `blocks` who
 * blocks whom (issue 35).
 */
export class FollowsRepository {
  readonly members: MembersRepository;
  readonly blocks: BlockStore;

  constructor(private readonly db: Db) {
    this.members = new MembersRepository(db);
    this.blocks = new BlockStore(db, 'notifications');
  }

  /** This repository inside one transaction, the service's: all of `work` commits or none. */
  transaction<T>(work: (repository: FollowsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new FollowsRepository(tx)));
  }

  /** Start following (at `at`); answers whether it was new. */
  async follow(followerId: string, followeeId: string, at: Date): Promise<boolean> {
    const added = await this.db
      .insert(follows)
      .values({ followerId, followeeId, createdAt: at })
      .onConflictDoNothing()
      .returning({ followerId: follows.followerId });
    return added.length > 0;
  }

  /** Stop following; answers whether there was a follow. */
  async unfollow(followerId: string, followeeId: string): Promise<boolean> {
    const removed = await this.db
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
      .returning({ followerId: follows.followerId });
    return removed.length > 0;
  }

  /** Announce a follow's new state (follow.changed), in the service's transaction. */
  async announce(followerId: string, followeeId: string, following: boolean): Promise<void> {
    await appendEvent(this.db, outbox, 'follow.changed', { followerId, followeeId, following });
  }

  /** How many follow the member, how many they follow, and whether `viewerId` does. */
  async counts(
    userId: string,
    viewerId: string | undefined,
  ): Promise<{ followers: number; following: number; followedByMe: boolean }> {
    // Only members the lists show (known here): a follower the users service has not announced
    // yet is counted once they are, so a count never promises a row the list leaves out.
    const [followers] = await this.db
      .select({ n: count() })
      .from(follows)
      .innerJoin(members, eq(members.userId, follows.followerId))
      .where(eq(follows.followeeId, userId));
    const [following] = await this.db
      .select({ n: count() })
      .from(follows)
      .innerJoin(members, eq(members.userId, follows.followeeId))
      .where(eq(follows.followerId, userId));
    const mine =
      viewerId === undefined
        ? []
        : await this.db
            .select({ followerId: follows.followerId })
            .from(follows)
            .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, userId)));
    return {
      followers: Number(followers?.n ?? 0),
      following: Number(following?.n ?? 0),
      followedByMe: mine.length > 0,
    };
  }

  /**
   * The counts of each of `userIds` who is a known member, and whether `viewerId` follows each:
   * one statement, whatever the number of ids (a page of people cards). Each member's parts are
   * lookups on the index of each side (followee, follower); ids of members not known are simply
   * not in the answer. Unordered.
   */
  async states(
    userIds: readonly string[],
    viewerId: string | undefined,
  ): Promise<
    Array<{ userId: string; followers: number; following: number; followedByMe: boolean }>
  > {
    if (userIds.length === 0) return [];
    // Counted as `counts` counts: only the other members known here (the lists' rows). The
    // outer member is named by its table, as drizzle names `members.userId` in the outer select.
    const asked = sql.raw('"members"."user_id"');
    const followers = sql<number>`(select count(*)::int from ${follows} f
      join ${members} k on k.user_id = f.follower_id where f.followee_id = ${asked})`;
    const following = sql<number>`(select count(*)::int from ${follows} f
      join ${members} k on k.user_id = f.followee_id where f.follower_id = ${asked})`;
    const followedByMe =
      viewerId === undefined
        ? sql<boolean>`false`
        : sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId}::uuid and ${follows.followeeId} = ${members.userId})`;
    const rows = await this.db
      .select({ userId: members.userId, followers, following, followedByMe })
      .from(members)
      .where(inArray(members.userId, [...userIds]));
    return rows.map((row) => ({
      userId: row.userId,
      followers: Number(row.followers),
      following: Number(row.following),
      followedByMe: Boolean(row.followedByMe),
    }));
  }

  /**
   * The member's followers, newest follow first, after `after`; at most `limit`; as `viewerId`
   * (a guest: null) is shown them.
   */
  followersOf(
    userId: string,
    after: FollowsCursor | undefined,
    limit: number,
    viewerId: string | null,
  ) {
    return this.page('followers', userId, after, limit, viewerId);
  }

  /** The members the member follows, as `followersOf` shows followers. */
  followingOf(
    userId: string,
    after: FollowsCursor | undefined,
    limit: number,
    viewerId: string | null,
  ) {
    return this.page('following', userId, after, limit, viewerId);
  }

  /**
   * One page by keyset on (created_at, the other member's id), both descending, served by the
   * index on (the member, created_at, the other). Members not (or no longer) known are left out,
   * and so is anyone a block stands between the viewer and (issue 35, either way: two probes
   * of `member_blocks`' keys per row read).
   */
  private async page(
    side: 'followers' | 'following',
    userId: string,
    after: FollowsCursor | undefined,
    limit: number,
    viewerId: string | null,
  ): Promise<FollowRow[]> {
    const [own, other] =
      side === 'followers'
        ? [follows.followeeId, follows.followerId]
        : [follows.followerId, follows.followeeId];
    const conditions: SQL[] = [
      eq(own, userId),
      notBlocked({ memberColumn: other, readerId: viewerId, schema: 'notifications' }),
    ];
    if (after)
      conditions.push(
        sql`(${follows.createdAt}, ${other}) < (${after.followedAt.toISOString()}::timestamptz, ${after.userId}::uuid)`,
      );
    return this.db
      .select({
        userId: members.userId,
        fullname: members.fullname,
        profileImage: members.profileImage,
        followedAt: follows.createdAt,
      })
      .from(follows)
      .innerJoin(members, eq(members.userId, other))
      .where(and(...conditions))
      .orderBy(desc(follows.createdAt), desc(other))
      .limit(limit);
  }
}
