import { removedMemberKey, type Db } from '@mepedia/server-database';
import { eq, or, sql } from 'drizzle-orm';
import { follows } from './posts.schema';

/**
 * Who follows whom, as the notifications service announces it (follow.changed): the read model
 * behind "From people you follow" (posts.schema.ts `follows`).
 */
export class FollowsRepository {
  constructor(private readonly db: Db) {}

  /**
   * One member's follow of another as it is at `at`, unless a later word on that pair was
   * applied; never for a member who left (either of the two), so a late announcement cannot
   * write their id back. Answers whether it was applied.
   */
  async apply(
    followerId: string,
    followeeId: string,
    following: boolean,
    at: Date,
  ): Promise<boolean> {
    const result: unknown = await this.db.execute(sql`
      insert into posts.follows (follower_id, followee_id, following, changed_at)
      select ${followerId}::uuid, ${followeeId}::uuid, ${following}, ${at.toISOString()}::timestamptz
      where not exists (
        select 1 from posts.removed_members
        where member_key in (${removedMemberKey(followerId)}, ${removedMemberKey(followeeId)}))
      on conflict (follower_id, followee_id) do update
        set following = excluded.following, changed_at = excluded.changed_at
        where posts.follows.changed_at < excluded.changed_at
      returning follower_id`);
    // Both drivers (node-postgres, PGlite) answer raw statements with `rows`.
    return (result as { rows: unknown[] }).rows.length > 0;
  }

  /** A member left: their follows, both ways, go (in the service's transaction). */
  async removeMember(userId: string): Promise<number> {
    const gone = await this.db
      .delete(follows)
      .where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)))
      .returning({ followerId: follows.followerId });
    return gone.length;
  }
}
