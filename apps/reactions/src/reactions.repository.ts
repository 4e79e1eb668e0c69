import {
  LIKED_BY_CURRENT_USER_MAX,
  type ReactionCollection,
  type ReactionName,
  type ViewProperty,
} from '@mepedia/contracts';
import { removedMemberKey, SubjectStore, type Db } from '@mepedia/server-database';
import { appendEvent } from '@mepedia/server-queue';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  commentSubjects,
  likeCounts,
  likes,
  likeVersions,
  lottieCounts,
  lotties,
  outbox,
  removedMembers,
  viewCounts,
  views,
} from './reactions.schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An object of a collection: what every like, view and reaction is about. */
export type ObjectRef = { collection: ReactionCollection; objectId: string };

export type NameCount = { name: ReactionName; count: number };

/** What a member who leaves took with them. */
export type RemovedMember = { likes: number; views: number; lotties: number };

/**
 * Data access for the reactions schema. Every change of a like, view or reaction row changes
 * its counter in the same transaction (see the banner in reactions.schema.ts).
 *
 * Lock order, to keep clear of deadlocks: a toggle locks the object's counter row first, then
 * touches the member's row; a member's removal locks all the counter rows it will change (in
 * key order) before it deletes rows. A view takes its row first and its counter last, holding
 * nothing another transaction waits on in between.
 */
export class ReactionsRepository {
  /**
   * Posts and me answers as their services announce them (reactions.schema.ts). A member who
   * leaves takes their subjects out of everyone's reach (made private, and deleted); a late
   * announcement naming them leaves a deleted subject nobody owns.
   */
  readonly subjects: SubjectStore;

  constructor(private readonly db: Db) {
    this.subjects = new SubjectStore(db, {
      schema: 'reactions',
      unannouncedCollection: true,
      disownedPrivacy: 'private',
    });
  }

  /**
   * Turn a member's like of an object on when off, off when on. The counter row is locked
   * first, so toggles of the object take turns: the insert-or-delete always finds the row as the
   * previous toggle left it, and the count moves with it.
   */
  async toggleLike(
    { collection, objectId }: ObjectRef,
    userId: string,
  ): Promise<{ liked: boolean; likes: number }> {
    return this.db.transaction(async (tx) => {
      const toggled = await this.toggleLikeIn(tx, { collection, objectId }, userId);
      // A post's like is the posts service's: it is handed over in the same transaction.
      if (collection === 'posts')
        await appendEvent(tx, outbox, 'post.like.requested', {
          postId: objectId,
          userId,
          liked: toggled.liked,
        });
      return toggled;
    });
  }

  /**
   * A viewer its owner counted on an object (post.viewed): counted here too, the row and the
   * counter together, or nothing when it is here already. Never a member who left. One its
   * owner refused (`counted` false: a view handed over for a post its viewer may not read) is
   * taken back here, row and counter together.
   */
  async applyView(
    { collection, objectId }: ObjectRef,
    viewer: string,
    counted = true,
  ): Promise<void> {
    if (!counted) {
      await this.db.transaction(async (tx) => {
        const gone = await tx
          .delete(views)
          .where(
            and(
              eq(views.collection, collection),
              eq(views.objectId, objectId),
              eq(views.property, 'views'),
              eq(views.viewer, viewer),
            ),
          )
          .returning({ viewer: views.viewer });
        if (gone.length === 0) return;
        await tx
          .update(viewCounts)
          .set({ views: sql`${viewCounts.views} - 1` })
          .where(
            and(
              eq(viewCounts.collection, collection),
              eq(viewCounts.objectId, objectId),
              eq(viewCounts.property, 'views'),
            ),
          );
      });
      return;
    }
    const member = /^member:(.+)$/.exec(viewer)?.[1];
    if (member !== undefined && (await this.memberLeft(member))) return;
    await this.db.transaction(async (tx) => {
      const added = await tx
        .insert(views)
        .values({ collection, objectId, property: 'views', viewer })
        .onConflictDoNothing()
        .returning({ viewer: views.viewer });
      if (added.length === 0) return;
      await tx
        .insert(viewCounts)
        .values({ collection, objectId, property: 'views', views: 1 })
        .onConflictDoUpdate({
          target: [viewCounts.collection, viewCounts.objectId, viewCounts.property],
          set: { views: sql`${viewCounts.views} + 1` },
        });
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

  /**
   * Set a member's like of an object as its owner said it was at `saidAt` (post.like.changed):
   * the row and the counter together, as a toggle does, or nothing when it is so already, or
   * when a later word of the owner on this like was applied (`like_versions`): words arriving
   * out of order (a retry) end as the last one said. Never a member who left (a late
   * announcement must not write their id back).
   */
  async setLike(
    { collection, objectId }: ObjectRef,
    userId: string,
    liked: boolean,
    saidAt: Date,
  ): Promise<void> {
    if (await this.memberLeft(userId)) return;
    await this.db.transaction(async (tx) => {
      const where = and(eq(likeCounts.collection, collection), eq(likeCounts.objectId, objectId));
      await tx.insert(likeCounts).values({ collection, objectId }).onConflictDoNothing();
      await tx.select({ likes: likeCounts.likes }).from(likeCounts).where(where).for('update');
      const newer = await tx
        .insert(likeVersions)
        .values({ collection, objectId, userId, changedAt: saidAt })
        .onConflictDoUpdate({
          target: [likeVersions.collection, likeVersions.objectId, likeVersions.userId],
          set: { changedAt: saidAt },
          setWhere: sql`${likeVersions.changedAt} < excluded.changed_at`,
        })
        .returning({ userId: likeVersions.userId });
      if (newer.length === 0) return;
      const changed = liked
        ? await tx
            .insert(likes)
            .values({ collection, objectId, userId })
            .onConflictDoNothing()
            .returning({ userId: likes.userId })
        : await tx
            .delete(likes)
            .where(
              and(
                eq(likes.collection, collection),
                eq(likes.objectId, objectId),
                eq(likes.userId, userId),
              ),
            )
            .returning({ userId: likes.userId });
      if (changed.length === 0) return;
      await tx
        .update(likeCounts)
        .set({ likes: sql`${likeCounts.likes} + ${liked ? 1 : -1}` })
        .where(where);
    });
  }

  private async toggleLikeIn(
    tx: Tx,
    { collection, objectId }: ObjectRef,
    userId: string,
  ): Promise<{ liked: boolean; likes: number }> {
    const where = and(eq(likeCounts.collection, collection), eq(likeCounts.objectId, objectId));
    await tx.insert(likeCounts).values({ collection, objectId }).onConflictDoNothing();
    await tx.select({ likes: likeCounts.likes }).from(likeCounts).where(where).for('update');
    const added = await tx
      .insert(likes)
      .values({ collection, objectId, userId })
      .onConflictDoNothing()
      .returning({ userId: likes.userId });
    const delta =
      added.length === 1
        ? 1
        : -(
            await tx
              .delete(likes)
              .where(
                and(
                  eq(likes.collection, collection),
                  eq(likes.objectId, objectId),
                  eq(likes.userId, userId),
                ),
              )
              .returning({ userId: likes.userId })
          ).length;
    const [row] = await tx
      .update(likeCounts)
      .set({ likes: sql`${likeCounts.likes} + ${delta}` })
      .where(where)
      .returning({ likes: likeCounts.likes });
    return { liked: delta === 1, likes: row?.likes ?? 0 };
  }

  /** The ids of a collection's objects a member likes, the most recently liked first. */
  async likedBy(
    userId: string,
    collection: ReactionCollection,
    objectId: string | undefined,
  ): Promise<string[]> {
    const rows = await this.db
      .select({ objectId: likes.objectId })
      .from(likes)
      .where(
        and(
          eq(likes.userId, userId),
          eq(likes.collection, collection),
          objectId === undefined ? undefined : eq(likes.objectId, objectId),
        ),
      )
      .orderBy(desc(likes.createdAt), desc(likes.objectId))
      .limit(LIKED_BY_CURRENT_USER_MAX);
    return rows.map((row) => row.objectId);
  }

  /**
   * Count `viewer` once on the object's `property` counter: the row and the counter together, or
   * neither when the viewer is already there. Without a viewer nothing counts. Answers the count.
   */
  async view(
    { collection, objectId }: ObjectRef,
    property: ViewProperty,
    viewer: string | undefined,
  ): Promise<{ views: number; counted: boolean }> {
    const read = async (db: Db | Tx) => {
      const [row] = await db
        .select({ views: viewCounts.views })
        .from(viewCounts)
        .where(
          and(
            eq(viewCounts.collection, collection),
            eq(viewCounts.objectId, objectId),
            eq(viewCounts.property, property),
          ),
        );
      return row?.views ?? 0;
    };
    if (viewer === undefined) return { views: await read(this.db), counted: false };
    return this.db.transaction(async (tx) => {
      const added = await tx
        .insert(views)
        .values({ collection, objectId, property, viewer })
        .onConflictDoNothing()
        .returning({ viewer: views.viewer });
      if (added.length === 0) return { views: await read(tx), counted: false };
      // A post's views are the posts service's: the view is handed over in this transaction.
      if (collection === 'posts')
        await appendEvent(tx, outbox, 'post.view.requested', { postId: objectId, viewer });
      const [row] = await tx
        .insert(viewCounts)
        .values({ collection, objectId, property, views: 1 })
        .onConflictDoUpdate({
          target: [viewCounts.collection, viewCounts.objectId, viewCounts.property],
          set: { views: sql`${viewCounts.views} + 1` },
        })
        .returning({ views: viewCounts.views });
      return { views: row?.views ?? 0, counted: true };
    });
  }

  /**
   * Turn a member's reaction `name` on the object on when off, off when on, as `toggleLike`
   * does (that name's counter row locked first). Answers whether it is now on, with the object's
   * counts and the member's reactions as this transaction leaves them.
   */
  async toggleLottie(
    object: ObjectRef,
    userId: string,
    name: ReactionName,
  ): Promise<{ reacted: boolean; counts: NameCount[]; mine: ReactionName[] }> {
    const { collection, objectId } = object;
    return this.db.transaction(async (tx) => {
      const where = and(
        eq(lottieCounts.collection, collection),
        eq(lottieCounts.objectId, objectId),
        eq(lottieCounts.name, name),
      );
      await tx.insert(lottieCounts).values({ collection, objectId, name }).onConflictDoNothing();
      await tx.select({ count: lottieCounts.count }).from(lottieCounts).where(where).for('update');
      const added = await tx
        .insert(lotties)
        .values({ collection, objectId, userId, name })
        .onConflictDoNothing()
        .returning({ userId: lotties.userId });
      const delta =
        added.length === 1
          ? 1
          : -(
              await tx
                .delete(lotties)
                .where(
                  and(
                    eq(lotties.collection, collection),
                    eq(lotties.objectId, objectId),
                    eq(lotties.userId, userId),
                    eq(lotties.name, name),
                  ),
                )
                .returning({ userId: lotties.userId })
            ).length;
      await tx
        .update(lottieCounts)
        .set({ count: sql`${lottieCounts.count} + ${delta}` })
        .where(where);
      return {
        reacted: delta === 1,
        counts: await this.lottieCounts(object, tx),
        mine: await this.lottiesOf(object, userId, tx),
      };
    });
  }

  /** The object's count per reaction name (names nobody left may be missing, or 0). */
  async lottieCounts({ collection, objectId }: ObjectRef, db: Db | Tx = this.db) {
    return db
      .select({ name: lottieCounts.name, count: lottieCounts.count })
      .from(lottieCounts)
      .where(and(eq(lottieCounts.collection, collection), eq(lottieCounts.objectId, objectId)));
  }

  /**
   * The object's reaction counts, each with whether `userId` left that reaction: one statement,
   * a primary-key probe per counter (a reaction of theirs has a counter row, kept in the same
   * transaction).
   */
  async lottieCountsFor(
    { collection, objectId }: ObjectRef,
    userId: string,
  ): Promise<Array<NameCount & { mine: boolean }>> {
    return this.db
      .select({
        name: lottieCounts.name,
        count: lottieCounts.count,
        mine: sql<boolean>`${lotties.userId} is not null`,
      })
      .from(lottieCounts)
      .leftJoin(
        lotties,
        and(
          eq(lotties.collection, lottieCounts.collection),
          eq(lotties.objectId, lottieCounts.objectId),
          eq(lotties.name, lottieCounts.name),
          eq(lotties.userId, userId),
        ),
      )
      .where(and(eq(lottieCounts.collection, collection), eq(lottieCounts.objectId, objectId)));
  }

  /** The reactions a member left on the object. */
  async lottiesOf(
    { collection, objectId }: ObjectRef,
    userId: string,
    db: Db | Tx = this.db,
  ): Promise<ReactionName[]> {
    const rows = await db
      .select({ name: lotties.name })
      .from(lotties)
      .where(
        and(
          eq(lotties.collection, collection),
          eq(lotties.objectId, objectId),
          eq(lotties.userId, userId),
        ),
      );
    return rows.map((row) => row.name);
  }

  /**
   * An object is gone (a deleted post): its likes, views and reactions go with their counters.
   * The counter rows are locked first, as a toggle locks them, so a toggle at the same moment
   * either lands before (and goes too) or after: then the service, seeing the subject marked
   * deleted, removes it again and refuses (`SubjectAccess.mustStillExist`). Answers how many rows
   * of each kind went.
   */
  /** What a comment is about, and whether it is gone; undefined: never announced. */
  async comment(commentId: string): Promise<{ subjectId: string; deleted: boolean } | undefined> {
    const [row] = await this.db
      .select({ subjectId: commentSubjects.subjectId, deleted: commentSubjects.deleted })
      .from(commentSubjects)
      .where(eq(commentSubjects.commentId, commentId));
    return row;
  }

  /**
   * The feed-messages service's word on a comment: its subject is the first word heard (never
   * changed), and a deletion is final.
   */
  async applyComment(commentId: string, subjectId: string, deleted: boolean): Promise<void> {
    await this.db
      .insert(commentSubjects)
      .values({ commentId, subjectId, deleted })
      .onConflictDoUpdate({
        target: commentSubjects.commentId,
        set: { deleted: sql`${commentSubjects.deleted} or excluded.deleted` },
      });
  }

  async removeObject(target: ObjectRef): Promise<RemovedMember> {
    const { collection, objectId } = target;
    const about = (table: { collection: AnyPgColumn; objectId: AnyPgColumn }) =>
      and(eq(table.collection, collection), eq(table.objectId, objectId));
    return this.db.transaction(async (tx) => {
      await tx
        .select({ n: sql`1` })
        .from(likeCounts)
        .where(about(likeCounts))
        .for('update');
      await tx
        .select({ n: sql`1` })
        .from(lottieCounts)
        .where(about(lottieCounts))
        .orderBy(lottieCounts.name)
        .for('update');
      await tx
        .select({ n: sql`1` })
        .from(viewCounts)
        .where(about(viewCounts))
        .orderBy(viewCounts.property)
        .for('update');
      const goneLikes = await tx
        .delete(likes)
        .where(about(likes))
        .returning({ userId: likes.userId });
      const goneLotties = await tx
        .delete(lotties)
        .where(about(lotties))
        .returning({ userId: lotties.userId });
      const goneViews = await tx
        .delete(views)
        .where(about(views))
        .returning({ viewer: views.viewer });
      await tx.delete(likeCounts).where(about(likeCounts));
      await tx.delete(lottieCounts).where(about(lottieCounts));
      await tx.delete(viewCounts).where(about(viewCounts));
      return { likes: goneLikes.length, lotties: goneLotties.length, views: goneViews.length };
    });
  }

  /**
   * A member is gone: their likes, reactions and views (`viewer` is their viewer key) go, and
   * each counter they added to goes down by what they added, all in one transaction. Per
   * kind, one statement locks the counters (in key order) and one deletes the rows and
   * corrects the counters, so the work does not grow in statements with the member's rows.
   */
  async removeMember(userId: string, viewer: string): Promise<RemovedMember> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`
        select 1 from reactions.like_counts c
        where exists (
          select 1 from reactions.likes l
          where l.user_id = ${userId} and l.collection = c.collection and l.object_id = c.object_id
        )
        order by c.collection, c.object_id
        for update of c`);
      await tx.execute(sql`
        select 1 from reactions.lottie_counts c
        where exists (
          select 1 from reactions.lotties l
          where l.user_id = ${userId} and l.collection = c.collection
            and l.object_id = c.object_id and l.name = c.name
        )
        order by c.collection, c.object_id, c.name
        for update of c`);
      await tx.execute(sql`
        select 1 from reactions.view_counts c
        where exists (
          select 1 from reactions.views v
          where v.viewer = ${viewer} and v.collection = c.collection
            and v.object_id = c.object_id and v.property = c.property
        )
        order by c.collection, c.object_id, c.property
        for update of c`);

      const removedLikes = await this.removed(
        tx,
        sql`
        with gone as (
          delete from reactions.likes where user_id = ${userId} returning collection, object_id
        ), per_object as (
          select collection, object_id, count(*)::int as n from gone group by collection, object_id
        ), corrected as (
          update reactions.like_counts c set likes = c.likes - p.n from per_object p
          where c.collection = p.collection and c.object_id = p.object_id
          returning 1
        )
        select (select count(*) from gone)::int as removed`,
      );
      const removedLotties = await this.removed(
        tx,
        sql`
        with gone as (
          delete from reactions.lotties where user_id = ${userId}
          returning collection, object_id, name
        ), per_name as (
          select collection, object_id, name, count(*)::int as n from gone
          group by collection, object_id, name
        ), corrected as (
          update reactions.lottie_counts c set count = c.count - p.n from per_name p
          where c.collection = p.collection and c.object_id = p.object_id and c.name = p.name
          returning 1
        )
        select (select count(*) from gone)::int as removed`,
      );
      const removedViews = await this.removed(
        tx,
        sql`
        with gone as (
          delete from reactions.views where viewer = ${viewer}
          returning collection, object_id, property
        ), per_counter as (
          select collection, object_id, property, count(*)::int as n from gone
          group by collection, object_id, property
        ), corrected as (
          update reactions.view_counts c set views = c.views - p.n from per_counter p
          where c.collection = p.collection and c.object_id = p.object_id
            and c.property = p.property
          returning 1
        )
        select (select count(*) from gone)::int as removed`,
      );
      await tx.delete(likeVersions).where(eq(likeVersions.userId, userId));
      return { likes: removedLikes, lotties: removedLotties, views: removedViews };
    });
  }

  private async removed(tx: Tx, statement: ReturnType<typeof sql>): Promise<number> {
    // Both drivers (node-postgres, PGlite) answer raw statements with `rows`.
    const result: unknown = await tx.execute<{ removed: number }>(statement);
    return (result as { rows: Array<{ removed: number }> }).rows[0]?.removed ?? 0;
  }
}
