import type { Db } from '@mepedia/server-database';
import { and, eq, sql } from 'drizzle-orm';
import { postShares, postViews, posts } from './posts.schema';

/**
 * Views and shares of posts, each counted once per viewer key: a row per viewer and the post's
 * counter moved with it, inside the service's transaction (posts.store.ts).
 */
export class PostCountsRepository {
  constructor(private readonly db: Db) {}

  /** Count a view once per viewer; the post's views, and whether this one counted. */
  async addView(postId: string, viewer: string): Promise<{ views: number; counted: boolean }> {
    const { count, counted } = await this.countOnce(postViews, 'views', postId, viewer);
    return { views: count, counted };
  }

  /** Count a share once per viewer, as views are. */
  async addShare(
    postId: string,
    viewer: string,
  ): Promise<{ shareCount: number; counted: boolean }> {
    const { count, counted } = await this.countOnce(postShares, 'shareCount', postId, viewer);
    return { shareCount: count, counted };
  }

  /** Whether `viewer` is counted among the post's views. */
  async viewed(postId: string, viewer: string): Promise<boolean> {
    const [row] = await this.db
      .select({ postId: postViews.postId })
      .from(postViews)
      .where(and(eq(postViews.postId, postId), eq(postViews.viewer, viewer)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * One row per viewer in `table` and the post's `counter` up by one, together, or neither when
   * the viewer is already there; answers the counter either way.
   */
  private async countOnce(
    table: typeof postViews | typeof postShares,
    counter: 'views' | 'shareCount',
    postId: string,
    viewer: string,
  ): Promise<{ count: number; counted: boolean }> {
    const column = posts[counter];
    const inserted = await this.db
      .insert(table)
      .values({ postId, viewer })
      .onConflictDoNothing()
      .returning({ postId: table.postId });
    if (inserted.length === 1) {
      const [row] = await this.db
        .update(posts)
        .set({ [counter]: sql`${column} + 1` })
        .where(eq(posts.id, postId))
        .returning({ count: column });
      return { count: row?.count ?? 0, counted: true };
    }
    const [row] = await this.db.select({ count: column }).from(posts).where(eq(posts.id, postId));
    return { count: row?.count ?? 0, counted: false };
  }
}
