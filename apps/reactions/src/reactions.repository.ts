import {
  LIKED_BY_CURRENT_USER_MAX,
  type DomainEventPayload,
  type ReactionCollection,
  type ReactionName,
  type ViewProperty,
} from '@mepedia/contracts';
import {
  BlockStore,
  CircleMembershipStore,
  isUuid,
  ModeratedItemStore,
  removedMemberKey,
  SubjectStore,
  type Db,
} from '@mepedia/server-database';
import { appendEvent } from '@mepedia/server-queue';
import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
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

/** An object of a collection: what every like, view and reaction is about. */
export type ObjectRef = { collection: ReactionCollection; objectId: string };

export type NameCount = { name: ReactionName; count: number };

/** What a member who leaves took with them. */
export type RemovedMember = { likes: number; views: number; lotties: number };

/** The rows of `table` about `object` that also meet `more` (a member's, a name's, a property's). */
function about(
  table: { collection: AnyPgColumn; objectId: AnyPgColumn },
  { collection, objectId }: ObjectRef,
  ...more: SQL[]
): SQL | undefined {
  return and(eq(table.collection, collection), eq(table.objectId, objectId), ...more);
}

/**
 * Data access for the reactions schema: reads and writes, no rules (the service and
 * reactions.access.ts decide). Every change of a like, view or reaction row changes its counter
 * in the same transaction, the service's (`transaction`), with any event it hands over (see the
 * banner in reactions.schema.ts).
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
  /** Who is in whose circle (reactions.schema.ts): a circle subject's reactions are theirs. */
  readonly circles: CircleMembershipStore;
  /**
   * The moderation service's word on posts, answers, comments and profiles (reactions.schema.ts):
   * a held or removed one's likes, views and reactions are its owner's alone.
   */
  readonly moderation: ModeratedItemStore;
  /** Who blocks whom (reactions.schema.ts), as the moderation service announces it. */
  readonly blocks: BlockStore;

  constructor(private readonly db: Db) {
    this.subjects = new SubjectStore(db, {
      schema: 'reactions',
      unannouncedCollection: true,
      disownedPrivacy: 'private',
    });
    this.circles = new CircleMembershipStore(db, 'reactions');
    this.moderation = new ModeratedItemStore(db, 'reactions');
    this.blocks = new BlockStore(db, 'reactions');
  }

  /** This repository inside one transaction, the service's: all of `work` commits or none. */
  transaction<T>(work: (repository: ReactionsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new ReactionsRepository(tx)));
  }

  /**
   * Turn a member's row (a like, a reaction) on when off, off when on, its counter moving with
   * it: the counter row is made when missing and locked first, so toggles of one counter take
   * turns, and the insert-or-delete always finds the row as the previous toggle left it. In the
   * service's transaction; answers whether the row is there now, and the count.
   */
  private async toggleCounted<C extends PgTable, R extends PgTable>(
    counter: {
      table: C;
      key: C['$inferInsert'];
      where: SQL | undefined;
      /** The counter column's key in the table. */
      count: keyof C['_']['columns'] & string;
    },
    row: { table: R; values: R['$inferInsert']; where: SQL | undefined },
  ): Promise<{ on: boolean; count: number }> {
    const count = getTableColumns(counter.table)[counter.count];
    // Read as any table: drizzle's select cannot tell a generic table from a subquery.
    const counters: PgTable = counter.table;
    await this.db.insert(counter.table).values(counter.key).onConflictDoNothing();
    await this.db
      .select({ n: sql`1` })
      .from(counters)
      .where(counter.where)
      .for('update');
    const added = await this.db
      .insert(row.table)
      .values(row.values)
      .onConflictDoNothing()
      .returning({ n: sql`1` });
    const delta =
      added.length === 1
        ? 1
        : -(
            await this.db
              .delete(row.table)
              .where(row.where)
              .returning({ n: sql`1` })
          ).length;
    const [updated] = await this.db
      .update(counter.table)
      .set({ [counter.count]: sql`${count} + ${delta}` } as PgUpdateSetSource<C>)
      .where(counter.where)
      .returning({ count: sql<number>`${count}` });
    return { on: delta === 1, count: Number(updated?.count ?? 0) };
  }

  /** Turn a member's like of an object on when off, off when on (`toggleCounted`). */
  async toggleLike(object: ObjectRef, userId: string): Promise<{ liked: boolean; likes: number }> {
    const { collection, objectId } = object;
    const { on, count } = await this.toggleCounted(
      {
        table: likeCounts,
        key: { collection, objectId },
        where: about(likeCounts, object),
        count: 'likes',
      },
      {
        table: likes,
        values: { collection, objectId, userId },
        where: about(likes, object, eq(likes.userId, userId)),
      },
    );
    return { liked: on, likes: count };
  }

  /** Hand a post's like over to the posts service (post.like.requested), in the transaction. */
  async requestPostLike(postId: string, userId: string, liked: boolean): Promise<void> {
    await appendEvent(this.db, outbox, 'post.like.requested', { postId, userId, liked });
  }

  /** Announce a reaction as it now is (reaction.changed), in the transaction. */
  async announceReaction(reaction: DomainEventPayload<'reaction.changed'>): Promise<void> {
    await appendEvent(this.db, outbox, 'reaction.changed', reaction);
  }

  /** Hand a post's view over to the posts service (post.view.requested), in the transaction. */
  async requestPostView(postId: string, viewer: string): Promise<void> {
    await appendEvent(this.db, outbox, 'post.view.requested', { postId, viewer });
  }

  /** Take a viewer's view off an object's `property` counter, row and counter together. */
  async removeView(object: ObjectRef, property: ViewProperty, viewer: string): Promise<void> {
    const gone = await this.db
      .delete(views)
      .where(about(views, object, eq(views.property, property), eq(views.viewer, viewer)))
      .returning({ viewer: views.viewer });
    if (gone.length === 0) return;
    await this.db
      .update(viewCounts)
      .set({ views: sql`${viewCounts.views} - 1` })
      .where(about(viewCounts, object, eq(viewCounts.property, property)));
  }

  /** Whether a member left (a digest of their id is remembered, never the id). */
  async memberLeft(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ key: removedMembers.memberKey })
      .from(removedMembers)
      .where(eq(removedMembers.memberKey, removedMemberKey(userId)));
    return row !== undefined;
  }

  /**
   * Set a member's like of an object as its owner said it was at `saidAt`, in the service's
   * transaction: the row and the counter together, as a toggle does, or nothing when it is so
   * already, or when a later word of the owner on this like was applied (`like_versions`): words
   * arriving out of order (a retry) end as the last one said.
   */
  async setLike(object: ObjectRef, userId: string, liked: boolean, saidAt: Date): Promise<void> {
    const { collection, objectId } = object;
    const where = about(likeCounts, object);
    await this.db.insert(likeCounts).values({ collection, objectId }).onConflictDoNothing();
    await this.db.select({ likes: likeCounts.likes }).from(likeCounts).where(where).for('update');
    const newer = await this.db
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
      ? await this.db
          .insert(likes)
          .values({ collection, objectId, userId })
          .onConflictDoNothing()
          .returning({ userId: likes.userId })
      : await this.db
          .delete(likes)
          .where(about(likes, object, eq(likes.userId, userId)))
          .returning({ userId: likes.userId });
    if (changed.length === 0) return;
    await this.db
      .update(likeCounts)
      .set({ likes: sql`${likeCounts.likes} + ${liked ? 1 : -1}` })
      .where(where);
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

  /** The object's `property` count. */
  async viewCount(object: ObjectRef, property: ViewProperty): Promise<number> {
    const [row] = await this.db
      .select({ views: viewCounts.views })
      .from(viewCounts)
      .where(about(viewCounts, object, eq(viewCounts.property, property)));
    return row?.views ?? 0;
  }

  /**
   * Count `viewer` once on the object's `property` counter, in the service's transaction: the
   * row and the counter together, or neither when the viewer is already there. Answers the
   * count when this counted, undefined when it did not.
   */
  async addView(
    { collection, objectId }: ObjectRef,
    property: ViewProperty,
    viewer: string,
  ): Promise<number | undefined> {
    const added = await this.db
      .insert(views)
      .values({ collection, objectId, property, viewer })
      .onConflictDoNothing()
      .returning({ viewer: views.viewer });
    if (added.length === 0) return undefined;
    const [row] = await this.db
      .insert(viewCounts)
      .values({ collection, objectId, property, views: 1 })
      .onConflictDoUpdate({
        target: [viewCounts.collection, viewCounts.objectId, viewCounts.property],
        set: { views: sql`${viewCounts.views} + 1` },
      })
      .returning({ views: viewCounts.views });
    return row?.views ?? 0;
  }

  /**
   * Turn a member's reaction `name` on the object on when off, off when on (`toggleCounted`,
   * that name's counter). Answers whether it is now on, with the object's counts and the
   * member's reactions as this transaction leaves them.
   */
  async toggleLottie(
    object: ObjectRef,
    userId: string,
    name: ReactionName,
  ): Promise<{ reacted: boolean; counts: NameCount[]; mine: ReactionName[] }> {
    const { collection, objectId } = object;
    const { on } = await this.toggleCounted(
      {
        table: lottieCounts,
        key: { collection, objectId, name },
        where: about(lottieCounts, object, eq(lottieCounts.name, name)),
        count: 'count',
      },
      {
        table: lotties,
        values: { collection, objectId, userId, name },
        where: about(lotties, object, eq(lotties.userId, userId), eq(lotties.name, name)),
      },
    );
    return {
      reacted: on,
      counts: await this.lottieCounts(object),
      mine: await this.lottiesOf(object, userId),
    };
  }

  /** The object's count per reaction name (names nobody left may be missing, or 0). */
  async lottieCounts(object: ObjectRef) {
    return this.db
      .select({ name: lottieCounts.name, count: lottieCounts.count })
      .from(lottieCounts)
      .where(about(lottieCounts, object));
  }

  /**
   * The object's reaction counts, each with whether `userId` left that reaction: one statement,
   * a primary-key probe per counter (a reaction of theirs has a counter row, kept in the same
   * transaction).
   */
  async lottieCountsFor(
    object: ObjectRef,
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
      .where(about(lottieCounts, object));
  }

  /** The reactions a member left on the object. */
  async lottiesOf(object: ObjectRef, userId: string): Promise<ReactionName[]> {
    const rows = await this.db
      .select({ name: lotties.name })
      .from(lotties)
      .where(about(lotties, object, eq(lotties.userId, userId)));
    return rows.map((row) => row.name);
  }

  /**
   * What a comment is about, whether it is gone, and who wrote it (null: not known); undefined:
   * never announced.
   */
  async comment(
    commentId: string,
  ): Promise<{ subjectId: string; deleted: boolean; authorId: string | null } | undefined> {
    const [row] = await this.db
      .select({
        subjectId: commentSubjects.subjectId,
        deleted: commentSubjects.deleted,
        authorId: commentSubjects.authorId,
      })
      .from(commentSubjects)
      .where(eq(commentSubjects.commentId, commentId));
    return row;
  }

  /**
   * The feed-messages service's word on a comment: its subject is the first word heard (never
   * changed), and a deletion is final. Its author (`authorId`, when the word names one) is kept
   * until it is gone: a deletion forgets it, and so does a word naming a member who left.
   */
  async applyComment(
    commentId: string,
    subjectId: string,
    deleted: boolean,
    authorId?: string,
  ): Promise<void> {
    const author =
      authorId === undefined || deleted || !isUuid(authorId) || (await this.memberLeft(authorId))
        ? null
        : authorId;
    await this.db
      .insert(commentSubjects)
      .values({ commentId, subjectId, deleted, authorId: author })
      .onConflictDoUpdate({
        target: commentSubjects.commentId,
        set: {
          deleted: sql`${commentSubjects.deleted} or excluded.deleted`,
          authorId: sql`case when ${commentSubjects.deleted} or excluded.deleted then null
            else coalesce(excluded.author_id, ${commentSubjects.authorId}) end`,
        },
      });
  }

  /**
   * An object is gone (a deleted post): its likes, views and reactions go with their counters.
   * In the service's transaction. The counter rows are locked first, as a toggle locks them, so a toggle at the same moment
   * either lands before (and goes too) or after: then the service, seeing the subject marked
   * deleted, removes it again and refuses (`SubjectAccess.mustStillExist`). Answers how many rows
   * of each kind went.
   */
  async removeObject(target: ObjectRef): Promise<RemovedMember> {
    await this.db
      .select({ n: sql`1` })
      .from(likeCounts)
      .where(about(likeCounts, target))
      .for('update');
    await this.db
      .select({ n: sql`1` })
      .from(lottieCounts)
      .where(about(lottieCounts, target))
      .orderBy(lottieCounts.name)
      .for('update');
    await this.db
      .select({ n: sql`1` })
      .from(viewCounts)
      .where(about(viewCounts, target))
      .orderBy(viewCounts.property)
      .for('update');
    const goneLikes = await this.db
      .delete(likes)
      .where(about(likes, target))
      .returning({ userId: likes.userId });
    const goneLotties = await this.db
      .delete(lotties)
      .where(about(lotties, target))
      .returning({ userId: lotties.userId });
    const goneViews = await this.db
      .delete(views)
      .where(about(views, target))
      .returning({ viewer: views.viewer });
    await this.db.delete(likeCounts).where(about(likeCounts, target));
    await this.db.delete(lottieCounts).where(about(lottieCounts, target));
    await this.db.delete(viewCounts).where(about(viewCounts, target));
    return { likes: goneLikes.length, lotties: goneLotties.length, views: goneViews.length };
  }

  /**
   * A member is gone: their likes, reactions and views (`viewer` is their viewer key) go, and
   * each counter they added to goes down by what they added, in the service's transaction. The
   * counters of every kind are locked first (each in key order), then, per kind, one statement
   * deletes the rows and corrects the counters, so the work does not grow in statements with the
   * member's rows. The comments they wrote are no longer known as theirs.
   */
  async removeMember(userId: string, viewer: string): Promise<RemovedMember> {
    const kinds = [
      { kind: MEMBER_ROWS.likes, who: userId },
      { kind: MEMBER_ROWS.lotties, who: userId },
      { kind: MEMBER_ROWS.views, who: viewer },
    ];
    for (const { kind, who } of kinds) await this.db.execute(lockCountersOf(kind, who));
    const removed: number[] = [];
    for (const { kind, who } of kinds) removed.push(await this.removed(removeRowsOf(kind, who)));
    await this.db.delete(likeVersions).where(eq(likeVersions.userId, userId));
    // Their comments are theirs no more (each goes when feed-messages says so).
    await this.db
      .update(commentSubjects)
      .set({ authorId: null })
      .where(eq(commentSubjects.authorId, userId));
    return { likes: removed[0] ?? 0, lotties: removed[1] ?? 0, views: removed[2] ?? 0 };
  }

  private async removed(statement: SQL): Promise<number> {
    // Both drivers (node-postgres, PGlite) answer raw statements with `rows`.
    const result: unknown = await this.db.execute<{ removed: number }>(statement);
    return (result as { rows: Array<{ removed: number }> }).rows[0]?.removed ?? 0;
  }
}

/** A kind of a member's rows (likes, reactions, views), and the counters they add to. */
type MemberRows = {
  rows: string;
  /** The column naming the member (their id, or their viewer key). */
  member: string;
  counters: string;
  /** The columns a row shares with its counter row. */
  keys: readonly string[];
  /** The counter column. */
  count: string;
};

const MEMBER_ROWS = {
  likes: {
    rows: 'likes',
    member: 'user_id',
    counters: 'like_counts',
    keys: ['collection', 'object_id'],
    count: 'likes',
  },
  lotties: {
    rows: 'lotties',
    member: 'user_id',
    counters: 'lottie_counts',
    keys: ['collection', 'object_id', 'name'],
    count: 'count',
  },
  views: {
    rows: 'views',
    member: 'viewer',
    counters: 'view_counts',
    keys: ['collection', 'object_id', 'property'],
    count: 'views',
  },
} as const satisfies Record<string, MemberRows>;

const inReactions = (table: string) => sql`reactions.${sql.identifier(table)}`;
const columns = (keys: readonly string[], alias?: string) =>
  sql.join(
    keys.map((key) =>
      alias ? sql`${sql.identifier(alias)}.${sql.identifier(key)}` : sql.identifier(key),
    ),
    sql`, `,
  );
const sameKeys = (keys: readonly string[], left: string, right: string) =>
  sql.join(
    keys.map(
      (key) =>
        sql`${sql.identifier(left)}.${sql.identifier(key)} = ${sql.identifier(right)}.${sql.identifier(key)}`,
    ),
    sql` and `,
  );

/** Lock, in key order, the counters `who`'s rows of `kind` add to. */
function lockCountersOf(kind: MemberRows, who: string): SQL {
  return sql`
    select 1 from ${inReactions(kind.counters)} c
    where exists (
      select 1 from ${inReactions(kind.rows)} r
      where r.${sql.identifier(kind.member)} = ${who} and ${sameKeys(kind.keys, 'r', 'c')}
    )
    order by ${columns(kind.keys, 'c')}
    for update of c`;
}

/** Delete `who`'s rows of `kind`, each counter down by what went from it; answers how many. */
function removeRowsOf(kind: MemberRows, who: string): SQL {
  const count = sql.identifier(kind.count);
  return sql`
    with gone as (
      delete from ${inReactions(kind.rows)} where ${sql.identifier(kind.member)} = ${who}
      returning ${columns(kind.keys)}
    ), per_counter as (
      select ${columns(kind.keys)}, count(*)::int as n from gone group by ${columns(kind.keys)}
    ), corrected as (
      update ${inReactions(kind.counters)} c set ${count} = c.${count} - p.n from per_counter p
      where ${sameKeys(kind.keys, 'c', 'p')}
      returning 1
    )
    select (select count(*) from gone)::int as removed`;
}
