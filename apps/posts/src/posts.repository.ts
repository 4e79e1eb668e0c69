import { isUuid, newId, removedMemberKey, type Db } from '@mepedia/server-database';
import { appendEvent } from '@mepedia/server-queue';
import { and, asc, desc, eq, gt, inArray, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  meAnswerEvents,
  removedMembers,
  outbox,
  postLikes,
  postShares,
  postViews,
  posts,
  publishers,
  type PostRow,
} from './posts.schema';

export type ListFilter = {
  viewerId: string | null;
  publisherId?: string | undefined;
  questionId?: string | undefined;
  authorWords: string[];
  topicWords: string[];
  magazine: boolean;
  asOf: Date;
  after?: { createdAt: Date; id: string } | undefined;
};

export type PostWithPublisher = PostRow & {
  publisherName: string | null;
  publisherImage: string | null;
};

/** What decides who may read a post: whose it is and its privacy. */
export type PostAccess = Pick<PostRow, 'publisherId' | 'privacy'>;

/** A list's row: the post without its content (an excerpt comes from its text). */
export type SummaryWithPublisher = Omit<PostWithPublisher, 'content' | 'contentSanitizer'>;

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Data access for the posts schema. */
export class PostsRepository {
  // The hot reads, built once and prepared (on PostgreSQL, per connection): a request only binds
  // its values. Lists with search words, a publisher, a cursor or oldest-first are built per call.
  private readonly byId;
  private readonly byIdFor;
  private readonly liked;
  private readonly recent;

  constructor(private readonly db: Db) {
    this.byId = this.withPublisher()
      .where(eq(posts.id, sql.placeholder('id')))
      .limit(1)
      .prepare('posts_by_id');
    // A member's read of a post: whether they like it comes in the same statement.
    this.byIdFor = this.db
      .select({
        ...getPostColumns(),
        publisherName: publishers.fullname,
        publisherImage: publishers.profileImage,
        likedByMe: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${sql.placeholder('userId')})`,
      })
      .from(posts)
      .leftJoin(publishers, eq(publishers.userId, posts.publisherId))
      .where(eq(posts.id, sql.placeholder('id')))
      .limit(1)
      .prepare('posts_by_id_for');
    this.liked = this.db
      .select({ postId: postLikes.postId })
      .from(postLikes)
      .where(
        and(
          eq(postLikes.postId, sql.placeholder('postId')),
          eq(postLikes.userId, sql.placeholder('userId')),
        ),
      )
      .limit(1)
      .prepare('posts_liked_by');
    this.recent = {
      public: this.recentQuery('public', false).prepare('posts_recent_public'),
      publicMagazine: this.recentQuery('public', true).prepare('posts_recent_public_magazine'),
      own: this.recentQuery('own', false).prepare('posts_recent_own'),
      ownMagazine: this.recentQuery('own', true).prepare('posts_recent_own_magazine'),
    };
  }

  /**
   * Add a post, announced (post.privacy.changed, public or private) in the same transaction: the
   * comments and reactions services learn from it that the post exists, whose it is and who may
   * read it.
   */
  async insert(row: typeof posts.$inferInsert): Promise<PostRow> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx.insert(posts).values(row).returning();
      const post = created as PostRow;
      await announcePrivacy(tx, post);
      return post;
    });
  }

  async findById(id: string): Promise<PostWithPublisher | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.byId.execute({ id });
    return row;
  }

  /** The post as `findById` reads it, and whether `userId` likes it: one statement. */
  async findByIdFor(
    id: string,
    userId: string,
  ): Promise<{ row: PostWithPublisher; liked: boolean } | undefined> {
    if (!isUuid(id)) return undefined;
    const [found] = await this.byIdFor.execute({ id, userId });
    if (!found) return undefined;
    const { likedByMe, ...row } = found;
    return { row, liked: likedByMe };
  }

  async findMePost(publisherId: string, questionId: string): Promise<PostRow | undefined> {
    const [row] = await this.db
      .select()
      .from(posts)
      .where(and(eq(posts.publisherId, publisherId), eq(posts.questionId, questionId)))
      .limit(1);
    return row;
  }

  /**
   * Change a post. A change that names the privacy announces it (post.privacy.changed) in the
   * same transaction, after the row is locked, so announcements follow the order of the changes.
   */
  async update(
    id: string,
    changes: Partial<typeof posts.$inferInsert>,
  ): Promise<PostRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(posts)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(posts.id, id))
        .returning();
      if (row && changes.privacy !== undefined) await announcePrivacy(tx, row);
      return row;
    });
  }

  /**
   * Delete a post and announce post.deleted, in one transaction. A questionnaire answer's post
   * names its question, so the answer leaves the magazine with it (me-answers).
   */
  async delete(id: string, publisherId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [deleted] = await tx
        .delete(posts)
        .where(eq(posts.id, id))
        .returning({ id: posts.id, questionId: posts.questionId });
      if (!deleted) return false;
      await appendEvent(tx, outbox, 'post.deleted', {
        postId: id,
        publisherId,
        ...(deleted.questionId === null ? {} : { questionId: deleted.questionId }),
      });
      return true;
    });
  }

  private withPublisher() {
    return this.db
      .select({
        ...getPostColumns(),
        publisherName: publishers.fullname,
        publisherImage: publishers.profileImage,
      })
      .from(posts)
      .leftJoin(publishers, eq(publishers.userId, posts.publisherId));
  }

  /**
   * Newest first, no search: what the home page, the magazine and most visits ask for. `public`
   * reads the public posts' index; `own` a member's own private posts (the publisher index).
   */
  private recentQuery(scope: 'public' | 'own', magazine: boolean) {
    const conditions: SQL[] = [
      lte(posts.createdAt, sql.placeholder('asOf')),
      ...(scope === 'public'
        ? [eq(posts.privacy, 'public')]
        : [eq(posts.publisherId, sql.placeholder('viewerId')), eq(posts.privacy, 'private')]),
    ];
    if (magazine) conditions.push(eq(posts.destination, 'magazine'));
    const order = [desc(posts.createdAt), desc(posts.id)];
    const page = this.db
      .select({ pageId: posts.id })
      .from(posts)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return this.db
      .select({
        ...summaryColumns(),
        publisherName: publishers.fullname,
        publisherImage: publishers.profileImage,
      })
      .from(page)
      .innerJoin(posts, eq(posts.id, page.pageId))
      .leftJoin(publishers, eq(publishers.userId, posts.publisherId))
      .orderBy(...order);
  }

  /**
   * One page, in (created_at, id) order, plus one row to tell whether more follow. A member sees
   * the public posts and their own private ones: read as two indexed lists (the public posts'
   * index, their own by publisher) and merged, rather than one `public or mine` condition no
   * index serves (on 100,000 posts that was a scan of them all, 1.9 s a page).
   */
  async list(
    filter: ListFilter,
    sort: 'mostRecent' | 'oldest',
    offset: number,
    limit: number,
  ): Promise<SummaryWithPublisher[]> {
    const count = limit + 1;
    const { viewerId } = filter;
    if (!viewerId || filter.publisherId) return this.read(filter, 'viewer', sort, offset, count);
    const from = filter.after ? 0 : offset;
    const [shared, own] = await Promise.all([
      this.read(filter, 'public', sort, 0, from + count),
      this.read(filter, 'own', sort, 0, from + count),
    ]);
    const newestFirst = sort === 'mostRecent' ? -1 : 1;
    const byOrder = (a: SummaryWithPublisher, b: SummaryWithPublisher) =>
      a.createdAt.getTime() !== b.createdAt.getTime()
        ? (a.createdAt.getTime() - b.createdAt.getTime()) * newestFirst
        : (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * newestFirst;
    return [...shared, ...own].sort(byOrder).slice(from, from + count);
  }

  /**
   * `count` rows from `offset` of one scope: `public` posts, the viewer's `own` private ones, or
   * what the `viewer` may see (a guest: public; with a publisher filter: that publisher's).
   */
  private async read(
    filter: ListFilter,
    scope: 'public' | 'own' | 'viewer',
    sort: 'mostRecent' | 'oldest',
    offset: number,
    count: number,
  ): Promise<SummaryWithPublisher[]> {
    const plain =
      sort === 'mostRecent' &&
      !filter.after &&
      !filter.publisherId &&
      !filter.questionId &&
      filter.authorWords.length === 0 &&
      filter.topicWords.length === 0;
    if (plain && scope !== 'viewer') {
      const values = { asOf: filter.asOf, limit: count, offset };
      if (scope === 'public')
        return (filter.magazine ? this.recent.publicMagazine : this.recent.public).execute(values);
      return (filter.magazine ? this.recent.ownMagazine : this.recent.own).execute({
        ...values,
        viewerId: filter.viewerId,
      });
    }
    if (plain && !filter.viewerId)
      return (filter.magazine ? this.recent.publicMagazine : this.recent.public).execute({
        asOf: filter.asOf,
        limit: count,
        offset,
      });
    const conditions: SQL[] = [lte(posts.createdAt, filter.asOf)];
    if (scope === 'public' || (scope === 'viewer' && !filter.viewerId))
      conditions.push(eq(posts.privacy, 'public'));
    else if (scope === 'own')
      conditions.push(eq(posts.publisherId, filter.viewerId ?? ''), eq(posts.privacy, 'private'));
    // With a publisher filter the publisher index does the work: theirs, public or (if the
    // viewer's own) private.
    else
      conditions.push(
        or(eq(posts.privacy, 'public'), eq(posts.publisherId, filter.viewerId ?? '')) as SQL,
      );
    if (filter.magazine) conditions.push(eq(posts.destination, 'magazine'));
    if (filter.publisherId)
      conditions.push(
        isUuid(filter.publisherId) ? eq(posts.publisherId, filter.publisherId) : sql`false`,
      );
    if (filter.questionId) conditions.push(eq(posts.questionId, filter.questionId));
    for (const word of filter.topicWords)
      conditions.push(sql`lower(${posts.title}) like ${`%${escapeLike(word)}%`}`);
    if (filter.authorWords.length > 0) {
      const matches = filter.authorWords.map((word) =>
        like(publishers.searchName, `%${escapeLike(word)}%`),
      );
      conditions.push(
        inArray(
          posts.publisherId,
          this.db
            .select({ id: publishers.userId })
            .from(publishers)
            .where(and(...matches)),
        ),
      );
    }
    if (filter.after) {
      const { createdAt, id } = filter.after;
      conditions.push(
        (sort === 'oldest'
          ? or(
              gt(posts.createdAt, createdAt),
              and(eq(posts.createdAt, createdAt), gt(posts.id, id)),
            )
          : or(
              lt(posts.createdAt, createdAt),
              and(eq(posts.createdAt, createdAt), lt(posts.id, id)),
            )) as SQL,
      );
    }
    const order =
      sort === 'oldest'
        ? [asc(posts.createdAt), asc(posts.id)]
        : [desc(posts.createdAt), desc(posts.id)];
    // Page through the posts index alone, then fetch rows and publishers for that page only:
    // a deep offset then skips index entries, not joined rows.
    const page = this.db
      .select({ pageId: posts.id })
      .from(posts)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(count)
      .offset(filter.after ? 0 : offset)
      .as('page');
    return this.db
      .select({
        ...summaryColumns(),
        publisherName: publishers.fullname,
        publisherImage: publishers.profileImage,
      })
      .from(page)
      .innerJoin(posts, eq(posts.id, page.pageId))
      .leftJoin(publishers, eq(publishers.userId, posts.publisherId))
      .orderBy(...order);
  }

  /**
   * Apply a me-answers event for (member, question), unless a newer one was applied already:
   * `post` makes or updates the member's post for that answer, null deletes it (announcing
   * post.deleted). One transaction; answers whether anything changed.
   */
  async applyMeAnswer(
    publisherId: string,
    questionId: string,
    occurredAt: Date,
    post: Omit<typeof posts.$inferInsert, 'id' | 'publisherId' | 'questionId' | 'image'> | null,
    defaultImage: string,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [removed] = await tx
        .select({ key: removedMembers.memberKey })
        .from(removedMembers)
        .where(eq(removedMembers.memberKey, removedMemberKey(publisherId)));
      if (removed) return false;
      const [fresh] = await tx
        .insert(meAnswerEvents)
        .values({ publisherId, questionId, occurredAt })
        .onConflictDoUpdate({
          target: [meAnswerEvents.publisherId, meAnswerEvents.questionId],
          set: { occurredAt },
          setWhere: sql`${meAnswerEvents.occurredAt} < excluded.occurred_at`,
        })
        .returning({ questionId: meAnswerEvents.questionId });
      if (!fresh) return false;
      const mine = and(eq(posts.publisherId, publisherId), eq(posts.questionId, questionId));
      if (post === null) {
        const deleted = await tx.delete(posts).where(mine).returning({ id: posts.id });
        for (const { id } of deleted)
          await appendEvent(tx, outbox, 'post.deleted', { postId: id, publisherId });
        return deleted.length > 0;
      }
      const [publisher] = await tx
        .select({ image: publishers.profileImage })
        .from(publishers)
        .where(eq(publishers.userId, publisherId));
      const [applied] = await tx
        .insert(posts)
        .values({
          ...post,
          id: newId(),
          publisherId,
          questionId,
          image: publisher?.image ?? defaultImage,
        })
        .onConflictDoUpdate({
          target: [posts.publisherId, posts.questionId],
          targetWhere: sql`question_id is not null`,
          set: {
            title: post.title,
            content: post.content,
            contentText: post.contentText,
            contentSanitizer: post.contentSanitizer,
            privacy: post.privacy,
            destination: post.destination,
            updatedAt: post.updatedAt,
          },
        })
        .returning({ id: posts.id, publisherId: posts.publisherId, privacy: posts.privacy });
      // The answer's privacy may have changed with it: say what it is now.
      if (applied) await announcePrivacy(tx, applied);
      return true;
    });
  }

  /** Count a view once per viewer; returns the post's views and whether this one counted. */
  async addView(postId: string, viewer: string): Promise<{ views: number; counted: boolean }> {
    const { count, counted } = await this.countOnce(postViews, 'views', postId, viewer);
    return { views: count, counted };
  }

  /**
   * One row per viewer in `table` and the post's `counter` up by one, together, or neither when
   * the viewer is already there; answers the counter either way.
   */
  private countOnce(
    table: typeof postViews | typeof postShares,
    counter: 'views' | 'shareCount',
    postId: string,
    viewer: string,
  ): Promise<{ count: number; counted: boolean }> {
    const column = posts[counter];
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(table)
        .values({ postId, viewer })
        .onConflictDoNothing()
        .returning({ postId: table.postId });
      if (inserted.length === 1) {
        const [row] = await tx
          .update(posts)
          .set({ [counter]: sql`${column} + 1` })
          .where(eq(posts.id, postId))
          .returning({ count: column });
        // A view is announced for userViews (the reactions service), which counts it the same.
        if (counter === 'views') await appendEvent(tx, outbox, 'post.viewed', { postId, viewer });
        return { count: row?.count ?? 0, counted: true };
      }
      const [row] = await tx.select({ count: column }).from(posts).where(eq(posts.id, postId));
      return { count: row?.count ?? 0, counted: false };
    });
  }

  /**
   * Toggle a member's like: the row and the counter change together, each increment atomic, and
   * the like as it now is is announced (post.like.changed) for `userLikes` (the reactions service).
   */
  async toggleLike(postId: string, userId: string): Promise<{ liked: boolean; likes: number }> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(postLikes)
        .values({ postId, userId })
        .onConflictDoNothing()
        .returning({ postId: postLikes.postId });
      const liked = inserted.length === 1;
      if (!liked)
        await tx
          .delete(postLikes)
          .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)));
      const [row] = await tx
        .update(posts)
        .set({ likes: liked ? sql`${posts.likes} + 1` : sql`greatest(${posts.likes} - 1, 0)` })
        .where(eq(posts.id, postId))
        .returning({ likes: posts.likes });
      if (row) await appendEvent(tx, outbox, 'post.like.changed', { postId, userId, liked });
      return { liked, likes: row?.likes ?? 0 };
    });
  }

  /**
   * A like given or taken back through `userLikes/toggleLike` (post.like.requested): set as
   * asked, the row and the counter together, and announce the like as it now is. Nothing for a
   * post that is gone. The post row is locked first, so this and a toggle take turns, and
   * `allowed` (the service's rule) sees the post as it is then: refused, the like stays as it
   * is and is announced as it is.
   */
  async setLike(
    postId: string,
    userId: string,
    liked: boolean,
    allowed: (post: PostAccess) => boolean,
  ): Promise<boolean> {
    if (!isUuid(postId) || !isUuid(userId) || (await this.memberLeft(userId))) return false;
    return this.db.transaction(async (tx) => {
      const [post] = await tx
        .select({ id: posts.id, publisherId: posts.publisherId, privacy: posts.privacy })
        .from(posts)
        .where(eq(posts.id, postId))
        .for('update');
      if (!post) return false;
      if (!allowed(post)) {
        const [kept] = await tx
          .select({ postId: postLikes.postId })
          .from(postLikes)
          .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)));
        await appendEvent(tx, outbox, 'post.like.changed', {
          postId,
          userId,
          liked: kept !== undefined,
        });
        return true;
      }
      const changed = liked
        ? await tx
            .insert(postLikes)
            .values({ postId, userId })
            .onConflictDoNothing()
            .returning({ postId: postLikes.postId })
        : await tx
            .delete(postLikes)
            .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
            .returning({ postId: postLikes.postId });
      if (changed.length > 0)
        await tx
          .update(posts)
          .set({
            likes: liked ? sql`${posts.likes} + 1` : sql`greatest(${posts.likes} - 1, 0)`,
          })
          .where(eq(posts.id, postId));
      await appendEvent(tx, outbox, 'post.like.changed', { postId, userId, liked });
      return true;
    });
  }

  /**
   * A view counted through `userViews/toggleView` (post.view.requested): counted here once per
   * viewer as `addView` does, if `allowed` (the service's rule). Refused, whether the viewer is
   * counted here is announced (post.viewed with `counted`). Nothing for a post that is gone, or
   * a member who left. Answers whether anything was announced.
   */
  async applyViewRequest(
    postId: string,
    viewer: string,
    allowed: (post: PostAccess) => boolean,
  ): Promise<boolean> {
    const member = /^member:(.+)$/.exec(viewer)?.[1];
    if (!isUuid(postId) || (member !== undefined && (await this.memberLeft(member)))) return false;
    const [post] = await this.db
      .select({ id: posts.id, publisherId: posts.publisherId, privacy: posts.privacy })
      .from(posts)
      .where(eq(posts.id, postId));
    if (!post) return false;
    if (allowed(post)) return (await this.addView(postId, viewer)).counted;
    return this.db.transaction(async (tx) => {
      const [kept] = await tx
        .select({ postId: postViews.postId })
        .from(postViews)
        .where(and(eq(postViews.postId, postId), eq(postViews.viewer, viewer)));
      await appendEvent(tx, outbox, 'post.viewed', {
        postId,
        viewer,
        counted: kept !== undefined,
      });
      return true;
    });
  }

  /** Whether a member left (a digest of their id is remembered, never the id). */
  private async memberLeft(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ key: removedMembers.memberKey })
      .from(removedMembers)
      .where(eq(removedMembers.memberKey, removedMemberKey(userId)));
    return row !== undefined;
  }

  async likedBy(postId: string, userId: string): Promise<boolean> {
    const rows = await this.liked.execute({ postId, userId });
    return rows.length > 0;
  }

  /** Count a share once per viewer: the row and the counter change together, like views. */
  async addShare(
    postId: string,
    viewer: string,
  ): Promise<{ shareCount: number; counted: boolean }> {
    const { count, counted } = await this.countOnce(postShares, 'shareCount', postId, viewer);
    return { shareCount: count, counted };
  }

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
   * A member is gone: their posts (with those posts' likes, views and shares), their likes,
   * views and shares elsewhere (counters follow), and their publisher row. One transaction.
   */
  async removeMember(userId: string): Promise<number> {
    // Views and shares are keyed as `@ViewerKey()` keys a member.
    const viewer = `member:${userId}`;
    return this.db.transaction(async (tx) => {
      const liked = await tx
        .delete(postLikes)
        .where(eq(postLikes.userId, userId))
        .returning({ postId: postLikes.postId });
      // One like, view or share per member and post: each post named loses exactly one.
      if (liked.length > 0)
        await tx
          .update(posts)
          .set({ likes: sql`greatest(${posts.likes} - 1, 0)` })
          .where(inArray(posts.id, [...new Set(liked.map((row) => row.postId))]));
      const viewed = await tx
        .delete(postViews)
        .where(eq(postViews.viewer, viewer))
        .returning({ postId: postViews.postId });
      if (viewed.length > 0)
        await tx
          .update(posts)
          .set({ views: sql`greatest(${posts.views} - 1, 0)` })
          .where(inArray(posts.id, [...new Set(viewed.map((row) => row.postId))]));
      const shared = await tx
        .delete(postShares)
        .where(eq(postShares.viewer, viewer))
        .returning({ postId: postShares.postId });
      if (shared.length > 0)
        await tx
          .update(posts)
          .set({ shareCount: sql`greatest(${posts.shareCount} - 1, 0)` })
          .where(inArray(posts.id, [...new Set(shared.map((row) => row.postId))]));
      const removed = await tx
        .delete(posts)
        .where(eq(posts.publisherId, userId))
        .returning({ id: posts.id });
      for (const { id } of removed)
        await appendEvent(tx, outbox, 'post.deleted', { postId: id, publisherId: userId });
      await tx.delete(publishers).where(eq(publishers.userId, userId));
      // The per-answer ordering guard named the member: a tombstone that does not takes its
      // place, so a me-answers event still on its way cannot bring a post back.
      await tx.delete(meAnswerEvents).where(eq(meAnswerEvents.publisherId, userId));
      await tx
        .insert(removedMembers)
        .values({ memberKey: removedMemberKey(userId) })
        .onConflictDoNothing();
      return removed.length;
    });
  }
}

/** Tell the comments and reactions services whose the post is and who may read it (events.ts). */
function announcePrivacy(
  tx: Pick<Db, 'insert'>,
  post: Pick<PostRow, 'id' | 'publisherId' | 'privacy'>,
): Promise<void> {
  return appendEvent(tx, outbox, 'post.privacy.changed', {
    postId: post.id,
    publisherId: post.publisherId,
    privacy: post.privacy,
  });
}

/** A post's columns for lists: all but its content. */
function summaryColumns() {
  return {
    id: posts.id,
    publisherId: posts.publisherId,
    questionId: posts.questionId,
    title: posts.title,
    contentText: posts.contentText,
    image: posts.image,
    credit: posts.credit,
    privacy: posts.privacy,
    destination: posts.destination,
    views: posts.views,
    likes: posts.likes,
    shareCount: posts.shareCount,
    createdAt: posts.createdAt,
    updatedAt: posts.updatedAt,
  };
}

/** A whole post's columns. */
function getPostColumns() {
  return {
    ...summaryColumns(),
    content: posts.content,
    contentSanitizer: posts.contentSanitizer,
  };
}
