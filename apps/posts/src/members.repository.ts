import { removedMemberKey, type Db } from '@mepedia/server-database';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  meAnswerEvents,
  postLikes,
  postShares,
  postViews,
  posts,
  publishers,
  removedMembers,
} from './posts.schema';

/**
 * Members as the posts service knows them: publishers' names and pictures (the users service's
 * user.updated), and members who left (a digest of their id, never the id).
 */
export class MembersRepository {
  constructor(private readonly db: Db) {}

  /** Upsert the publisher projection unless a newer event was applied. */
  async upsertPublisher(row: typeof publishers.$inferInsert): Promise<void> {
    await this.db
      .insert(publishers)
      .values(row)
      .onConflictDoUpdate({
        target: publishers.userId,
        set: {
          fullname: row.fullname,
          profileImage: row.profileImage ?? null,
          searchName: row.searchName,
          version: row.version,
        },
        setWhere: sql`${publishers.version} < excluded.version`,
      });
  }

  /** A publisher's picture, if they have one. */
  async imageOf(userId: string): Promise<string | null | undefined> {
    const [publisher] = await this.db
      .select({ image: publishers.profileImage })
      .from(publishers)
      .where(eq(publishers.userId, userId));
    return publisher?.image;
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
   * A member is gone: their posts (with those posts' likes, views and shares), their likes,
   * views and shares elsewhere (counters follow), their publisher row, and the ordering guard of
   * their answers' posts; they are remembered as gone. Several statements: run it in the
   * service's transaction. Answers the ids of the posts removed.
   */
  async remove(userId: string): Promise<string[]> {
    // Views and shares are keyed as `@ViewerKey()` keys a member.
    const viewer = `member:${userId}`;
    const liked = await this.db
      .delete(postLikes)
      .where(eq(postLikes.userId, userId))
      .returning({ postId: postLikes.postId });
    // One like, view or share per member and post: each post named loses exactly one.
    if (liked.length > 0)
      await this.db
        .update(posts)
        .set({ likes: sql`greatest(${posts.likes} - 1, 0)` })
        .where(inArray(posts.id, [...new Set(liked.map((row) => row.postId))]));
    const viewed = await this.db
      .delete(postViews)
      .where(eq(postViews.viewer, viewer))
      .returning({ postId: postViews.postId });
    if (viewed.length > 0)
      await this.db
        .update(posts)
        .set({ views: sql`greatest(${posts.views} - 1, 0)` })
        .where(inArray(posts.id, [...new Set(viewed.map((row) => row.postId))]));
    const shared = await this.db
      .delete(postShares)
      .where(eq(postShares.viewer, viewer))
      .returning({ postId: postShares.postId });
    if (shared.length > 0)
      await this.db
        .update(posts)
        .set({ shareCount: sql`greatest(${posts.shareCount} - 1, 0)` })
        .where(inArray(posts.id, [...new Set(shared.map((row) => row.postId))]));
    const removed = await this.db
      .delete(posts)
      .where(eq(posts.publisherId, userId))
      .returning({ id: posts.id });
    await this.db.delete(publishers).where(eq(publishers.userId, userId));
    // The per-answer ordering guard named the member: a tombstone that does not takes its
    // place, so a me-answers event still on its way cannot bring a post back.
    await this.db.delete(meAnswerEvents).where(eq(meAnswerEvents.publisherId, userId));
    await this.db
      .insert(removedMembers)
      .values({ memberKey: removedMemberKey(userId) })
      .onConflictDoNothing();
    return removed.map(({ id }) => id);
  }
}
