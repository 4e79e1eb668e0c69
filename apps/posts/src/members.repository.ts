import { removedMemberKey, type Db } from '@mepedia/server-database';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  meAnswerEvents,
  postDrafts,
  postLikes,
  postShares,
  postViews,
  posts,
  publishers,
  removedMembers,
} from './posts.schema';
import { profileWithheld } from './posts.rows';

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

  /**
   * A publisher's picture, if they have one, and moderation neither holds nor removed their
   * profile (issue 35): a questionnaire post made now takes it as its own picture.
   */
  async imageOf(userId: string): Promise<string | null | undefined> {
    const [publisher] = await this.db
      .select({
        image: sql<
          string | null
        >`case when ${profileWithheld(publishers.userId)} then null else ${publishers.profileImage} end`,
      })
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
   * A member is gone: their posts (with those posts' likes, views and shares), their drafts,
   * their likes, views and shares elsewhere (counters follow), their publisher row, and the ordering guard of
   * their answers' posts; they are remembered as gone. Several statements: run it in the
   * service's transaction. Answers the ids of the posts removed.
   */
  async remove(userId: string): Promise<string[]> {
    // Views and shares are keyed as `@ViewerKey()` keys a member.
    const viewer = `member:${userId}`;
    for (const [counter, table, theirs] of [
      ['likes', postLikes, eq(postLikes.userId, userId)],
      ['views', postViews, eq(postViews.viewer, viewer)],
      ['shareCount', postShares, eq(postShares.viewer, viewer)],
    ] as const)
      await this.countDown(
        counter,
        await this.db.delete(table).where(theirs).returning({ postId: table.postId }),
      );
    const removed = await this.db
      .delete(posts)
      .where(eq(posts.publisherId, userId))
      .returning({ id: posts.id });
    await this.db.delete(postDrafts).where(eq(postDrafts.authorId, userId));
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

  /**
   * One off `counter` of each post of `gone` (a member's likes, views or shares, just deleted):
   * one like, view or share per member and post, so each post named loses exactly one.
   */
  private async countDown(
    counter: 'likes' | 'views' | 'shareCount',
    gone: Array<{ postId: string }>,
  ): Promise<void> {
    if (gone.length === 0) return;
    await this.db
      .update(posts)
      .set({ [counter]: sql`greatest(${posts[counter]} - 1, 0)` })
      .where(inArray(posts.id, [...new Set(gone.map((row) => row.postId))]));
  }
}
