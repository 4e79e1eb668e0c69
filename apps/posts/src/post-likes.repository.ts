import type { Db } from '@mepedia/server-database';
import { and, eq, sql } from 'drizzle-orm';
import { postLikes, posts } from './posts.schema';

/**
 * Members' likes of posts: one row per member and post, and the post's counter moved with it
 * (each increment atomic). Written inside the service's transaction (posts.store.ts), the post
 * row locked first by the service, so a toggle and a handed-over like take turns.
 */
export class PostLikesRepository {
  constructor(private readonly db: Db) {}

  async has(postId: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ postId: postLikes.postId })
      .from(postLikes)
      .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
      .limit(1);
    return row !== undefined;
  }

  /** Like if not liked, else unlike; the like as it now is, and the post's likes. */
  async toggle(postId: string, userId: string): Promise<{ liked: boolean; likes: number }> {
    const inserted = await this.db
      .insert(postLikes)
      .values({ postId, userId })
      .onConflictDoNothing()
      .returning({ postId: postLikes.postId });
    const liked = inserted.length === 1;
    if (!liked)
      await this.db
        .delete(postLikes)
        .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)));
    const [row] = await this.db
      .update(posts)
      .set({ likes: liked ? sql`${posts.likes} + 1` : sql`greatest(${posts.likes} - 1, 0)` })
      .where(eq(posts.id, postId))
      .returning({ likes: posts.likes });
    return { liked, likes: row?.likes ?? 0 };
  }

  /** Like or unlike as asked, the counter only if that changed anything. */
  async set(postId: string, userId: string, liked: boolean): Promise<void> {
    const changed = liked
      ? await this.db
          .insert(postLikes)
          .values({ postId, userId })
          .onConflictDoNothing()
          .returning({ postId: postLikes.postId })
      : await this.db
          .delete(postLikes)
          .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
          .returning({ postId: postLikes.postId });
    if (changed.length > 0)
      await this.db
        .update(posts)
        .set({ likes: liked ? sql`${posts.likes} + 1` : sql`greatest(${posts.likes} - 1, 0)` })
        .where(eq(posts.id, postId));
  }
}
