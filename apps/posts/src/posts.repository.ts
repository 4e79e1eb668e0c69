import { isUuid, notBlocked, type Db } from '@mepedia/server-database';
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import {
  postColumns,
  publisherColumns,
  type PostFacts,
  type PostWithPublisher,
} from './posts.rows';
import { circleMemberships, postLikes, posts, publishers, type PostRow } from './posts.schema';

export type { PostFacts, PostWithPublisher, SummaryWithPublisher } from './posts.rows';

/** Read the row locked for the rest of the transaction (a change's read: changes take turns). */
export type Lock = { lock?: boolean };

/**
 * Data access for posts themselves: reads and writes, no rules (posts.access.ts and the service
 * decide). Bound to the database, or to the service's transaction (posts.store.ts).
 */
export class PostsRepository {
  private prepared: ReturnType<typeof prepareReads> | undefined;

  constructor(private readonly db: Db) {}

  // The hot reads, prepared (on PostgreSQL, per connection) on first use: a request only binds
  // its values.
  private get reads() {
    return (this.prepared ??= prepareReads(this.db));
  }

  async findById(id: string): Promise<PostWithPublisher | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.reads.byId.execute({ id });
    return row;
  }

  /**
   * The post as `findById` reads it, whether `userId` likes it, whether they are in its
   * author's circle (for a circle post) and whether they and its author block each other
   * (issue 35): one statement.
   */
  async findByIdFor(
    id: string,
    userId: string,
  ): Promise<
    | {
        row: PostWithPublisher & { readerInCircle: boolean; readerBlocked: boolean };
        liked: boolean;
      }
    | undefined
  > {
    if (!isUuid(id) || !isUuid(userId)) return undefined;
    const [found] = await this.reads.byIdFor.execute({ id, userId });
    if (!found) return undefined;
    const { likedByMe, ...row } = found;
    return { row, liked: likedByMe };
  }

  /**
   * Whose a post is, its audience and its counters: what a change or a count asks first; with
   * `readerId`, whether that member is in the author's circle and whether they and the author
   * block each other (issue 35), in the same statement.
   */
  async facts(
    id: string,
    { lock = false, readerId = null }: Lock & { readerId?: string | null } = {},
  ): Promise<(PostFacts & { readerInCircle: boolean; readerBlocked: boolean }) | undefined> {
    if (!isUuid(id)) return undefined;
    const reader = readerId !== null && isUuid(readerId) ? readerId : null;
    const query = this.db
      .select({
        id: posts.id,
        publisherId: posts.publisherId,
        privacy: posts.privacy,
        moderationState: posts.moderationState,
        readerInCircle: reader === null ? sql<boolean>`false` : inAuthorsCircle(reader),
        readerBlocked: reader === null ? sql<boolean>`false` : blockedWithAuthor(reader),
        views: posts.views,
        likes: posts.likes,
        shareCount: posts.shareCount,
      })
      .from(posts)
      .where(eq(posts.id, id));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  }

  /** A member's post for a questionnaire answer (one per member and question). */
  async findMePost(
    publisherId: string,
    questionId: string,
    { lock = false }: Lock = {},
  ): Promise<PostRow | undefined> {
    const query = this.db
      .select()
      .from(posts)
      .where(and(eq(posts.publisherId, publisherId), eq(posts.questionId, questionId)))
      .limit(1);
    const [row] = await (lock ? query.for('update') : query);
    return row;
  }

  /**
   * How many of a member's own posts (not questionnaire posts) are out for others to read, not
   * held or removed by moderation, leaving `except` out, counted no further than `limit`: whether
   * they are still new to review holds (issue 35). Deleted posts are gone, so they never count.
   */
  async outCount(publisherId: string, limit: number, except?: string): Promise<number> {
    const mine = and(
      eq(posts.publisherId, publisherId),
      sql`${posts.questionId} is null`,
      eq(posts.moderationState, 'visible'),
      except === undefined ? undefined : sql`${posts.id} <> ${except}::uuid`,
    );
    const counted = this.db
      .select({ one: sql`1` })
      .from(posts)
      .where(mine)
      .limit(limit)
      .as('c');
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(counted);
    return row?.n ?? 0;
  }

  async insert(row: typeof posts.$inferInsert): Promise<PostRow> {
    const [created] = await this.db.insert(posts).values(row).returning();
    return created as PostRow;
  }

  /** Change a post, its time of change with it; undefined when there is none. */
  async update(
    id: string,
    changes: Partial<typeof posts.$inferInsert>,
  ): Promise<PostRow | undefined> {
    const [row] = await this.db
      .update(posts)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(posts.id, id))
      .returning();
    return row;
  }

  /** Delete a post (its likes, views and shares go by cascade); what it was, if it was. */
  async delete(
    id: string,
  ): Promise<
    Pick<PostRow, 'id' | 'publisherId' | 'questionId' | 'privacy' | 'createdAt'> | undefined
  > {
    const [deleted] = await this.db.delete(posts).where(eq(posts.id, id)).returning({
      id: posts.id,
      publisherId: posts.publisherId,
      questionId: posts.questionId,
      privacy: posts.privacy,
      createdAt: posts.createdAt,
    });
    return deleted;
  }
}

/** Whether `reader` is in the post's author's circle (a probe of the memberships' key). */
function inAuthorsCircle(reader: string | Placeholder) {
  return sql<boolean>`exists (select 1 from ${circleMemberships} where ${circleMemberships.ownerId} = ${posts.publisherId} and ${circleMemberships.memberId} = ${reader} and ${circleMemberships.inCircle})`;
}

/** Whether `reader` and the post's author block each other, either way (issue 35). */
function blockedWithAuthor(reader: string | Placeholder) {
  return sql<boolean>`not ${notBlocked({ memberColumn: posts.publisherId, readerId: reader, schema: 'posts' })}`;
}

function prepareReads(db: Db) {
  const byId = db
    .select({
      ...postColumns(),
      ...publisherColumns(),
    })
    .from(posts)
    .leftJoin(publishers, eq(publishers.userId, posts.publisherId))
    .where(eq(posts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('posts_by_id');
  // A member's read of a post: whether they like it comes in the same statement.
  const byIdFor = db
    .select({
      ...postColumns(),
      ...publisherColumns(),
      likedByMe: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${sql.placeholder('userId')})`,
      readerInCircle: inAuthorsCircle(sql.placeholder('userId')),
      readerBlocked: blockedWithAuthor(sql.placeholder('userId')),
    })
    .from(posts)
    .leftJoin(publishers, eq(publishers.userId, posts.publisherId))
    .where(eq(posts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('posts_by_id_for');
  return { byId, byIdFor };
}
