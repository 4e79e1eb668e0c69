import { isUuid, notBlocked, notMuted, readableBy, type Db } from '@mepedia/server-database';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  like,
  lt,
  lte,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  type Subquery,
} from 'drizzle-orm';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import type { ListVisibility } from './posts.access';
import {
  publisherColumns,
  publisherWithheld,
  summaryColumns,
  type SummaryWithPublisher,
} from './posts.rows';
import { circleMemberships, follows, posts, publishers } from './posts.schema';

export type ListFilter = ListVisibility & {
  publisherId?: string | undefined;
  questionId?: string | undefined;
  authorWords: string[];
  topicWords: string[];
  magazine: boolean;
  /** Only the stories in this language (one part of a list with the reader's language first). */
  language?: 'he' | 'en' | undefined;
  asOf: Date;
  after?: { createdAt: Date; id: string } | undefined;
};

type Sort = 'mostRecent' | 'oldest';

/**
 * Not hidden by moderation (issue 35): a literal, as in the partial indexes' predicates, so the
 * planner matches them whatever plan a prepared statement gets.
 */
const visible = sql`${posts.moderationState} = 'visible'`;

/** A publisher's own posts that the public list does not hold: narrower, or hidden by moderation. */
const notShared = or(
  ne(posts.privacy, 'public'),
  sql`${posts.moderationState} <> 'visible'`,
) as SQL;

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Not a story the reader would rather not see (issue 35): its publisher and the reader do not
 * block each other (either way), and the reader does not mute its publisher. Probes of
 * `member_blocks`' keys in the statement that reads (libs/server/database blocks.ts); the
 * reader's own stories pass (no one blocks or mutes themselves). Every list a member reads has
 * it; a guest's none (a block is between two members).
 */
const wanted = (readerId: string | Placeholder, publisher: PgColumn = posts.publisherId): SQL =>
  sql`${notBlocked({ memberColumn: publisher, readerId, schema: 'posts' })} and ${notMuted({ memberColumn: publisher, readerId, schema: 'posts' })}`;

/**
 * Pages of posts, the posts a list's `ListVisibility` names (the access policy's word, passed
 * by the service) and its filters select.
 */
export class PostListsRepository {
  // Newest first without search, what the home page, the magazine and most visits ask for:
  // built once and prepared. Lists with search words, a publisher, a cursor or oldest-first are
  // built per call.
  private readonly recent;

  constructor(private readonly db: Db) {
    this.recent = {
      public: this.recentQuery('public', false).prepare('posts_recent_public'),
      publicMagazine: this.recentQuery('public', true).prepare('posts_recent_public_magazine'),
      // A member's: the same, less the stories of those they block, are blocked by or mute.
      publicFor: this.recentQuery('public', false, true).prepare('posts_recent_public_for'),
      publicMagazineFor: this.recentQuery('public', true, true).prepare(
        'posts_recent_public_magazine_for',
      ),
      ownMagazine: this.recentQuery('own', true).prepare('posts_recent_own_magazine'),
    };
  }

  /**
   * `public` reads the public posts' index (visible ones: issue 35), for a member (`forReader`,
   * the placeholder `reader`) less what they would rather not see; `own` the posts of
   * `privateOf` that are not in it (narrower, or hidden by moderation), by the publisher index:
   * the only others a magazine list holds (its author's own view).
   */
  private recentQuery(scope: 'public' | 'own', magazine: boolean, forReader = false) {
    const conditions: SQL[] = [
      lte(posts.createdAt, sql.placeholder('asOf')),
      ...(scope === 'public'
        ? [eq(posts.privacy, 'public'), visible]
        : [eq(posts.publisherId, sql.placeholder('privateOf')), notShared]),
    ];
    if (forReader) conditions.push(wanted(sql.placeholder('reader')));
    if (magazine) conditions.push(eq(posts.destination, 'magazine'));
    return this.pageOf(and(...conditions), [desc(posts.createdAt), desc(posts.id)], {
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
    });
  }

  /**
   * One page, in (created_at, id) order, plus one row to tell whether more follow. A guest's
   * list is the public posts'. A member's is the public posts and the others they may read
   * (issue 34), read as two lists and merged, each served by indexes: the public posts' index;
   * and, in one statement (`others`), the members' stories' index, their circles' owners' posts
   * by the publisher index, and their own narrower ones by it too. One `readable by` condition
   * over all posts would be served by no index (on 100,000 posts a scan of them all, 1.9 s a
   * page, when it was only `public or theirs`). A list of one publisher's posts is one
   * statement on the publisher index, with the rule as its condition.
   */
  async list(
    filter: ListFilter,
    sort: Sort,
    offset: number,
    limit: number,
  ): Promise<SummaryWithPublisher[]> {
    const count = limit + 1;
    if (!filter.privateOf || filter.publisherId)
      return this.read(filter, 'visible', sort, offset, count);
    const from = filter.after ? 0 : offset;
    const [shared, others] = await Promise.all([
      this.read(filter, 'public', sort, 0, from + count),
      this.others(filter, filter.privateOf, sort, from + count),
    ]);
    const newestFirst = sort === 'mostRecent' ? -1 : 1;
    const byOrder = (a: SummaryWithPublisher, b: SummaryWithPublisher) =>
      a.createdAt.getTime() !== b.createdAt.getTime()
        ? (a.createdAt.getTime() - b.createdAt.getTime()) * newestFirst
        : (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * newestFirst;
    return [...shared, ...others].sort(byOrder).slice(from, from + count);
  }

  /**
   * `count` rows from `offset` of one scope: `public` posts, or all the filter's visibility
   * names (`visible`: for a guest, public ones; for a member with a publisher filter, that
   * publisher's they may read).
   */
  private async read(
    filter: ListFilter,
    scope: 'public' | 'visible',
    sort: Sort,
    offset: number,
    count: number,
  ): Promise<SummaryWithPublisher[]> {
    const { privateOf } = filter;
    const values = { asOf: filter.asOf, limit: count, offset };
    if (isPlain(filter, sort) && privateOf)
      return (filter.magazine ? this.recent.publicMagazineFor : this.recent.publicFor).execute({
        ...values,
        reader: privateOf,
      });
    if (isPlain(filter, sort))
      return (filter.magazine ? this.recent.publicMagazine : this.recent.public).execute(values);
    const conditions: SQL[] = [lte(posts.createdAt, filter.asOf)];
    if (privateOf) conditions.push(wanted(privateOf));
    if (scope === 'public' || !privateOf) conditions.push(eq(posts.privacy, 'public'), visible);
    // With a publisher filter the publisher index does the work: theirs that the reader may
    // read. A magazine list holds public posts only, but for its author's own view.
    else if (filter.magazine)
      conditions.push(
        or(and(eq(posts.privacy, 'public'), visible), eq(posts.publisherId, privateOf)) as SQL,
      );
    else conditions.push(this.readableBy(privateOf));
    conditions.push(...filterConditions(filter, sort, this.db));
    return this.pageOf(and(...conditions), orderOf(sort), {
      limit: count,
      offset: filter.after ? 0 : offset,
    });
  }

  /**
   * The first `count` posts a member may read that are not in the public list, in the list's
   * order, in one statement: the union of their own (any audience but public, and any their
   * own that moderation hides, issue 35), and, outside the magazine (it
   * holds public posts only), the members' stories of others and the circle stories of the
   * owners whose circles they are in. Each part is read in order by its index and cut at
   * `count` before the union is ordered and cut once more.
   */
  private async others(
    filter: ListFilter,
    readerId: string,
    sort: Sort,
    count: number,
  ): Promise<SummaryWithPublisher[]> {
    if (isPlain(filter, sort) && filter.magazine)
      return this.recent.ownMagazine.execute({
        asOf: filter.asOf,
        limit: count,
        offset: 0,
        privateOf: readerId,
      });
    const common = [lte(posts.createdAt, filter.asOf), ...filterConditions(filter, sort, this.db)];
    // Others' stories only: the reader's own need no probe.
    const theirs = wanted(readerId);
    const part = (where: SQL | undefined) =>
      this.db
        .select({ pageId: posts.id, createdAt: posts.createdAt })
        .from(posts)
        .where(where)
        .orderBy(...orderOf(sort))
        .limit(count);
    const own = part(and(eq(posts.publisherId, readerId), notShared, ...common));
    const rows = filter.magazine
      ? own
      : unionAll(
          own,
          part(
            and(
              eq(posts.privacy, 'members'),
              visible,
              ne(posts.publisherId, readerId),
              theirs,
              ...common,
            ),
          ),
          part(
            and(
              eq(posts.privacy, 'circle'),
              visible,
              inArray(
                posts.publisherId,
                this.db
                  .select({ owner: circleMemberships.ownerId })
                  .from(circleMemberships)
                  .where(
                    and(
                      eq(circleMemberships.memberId, readerId),
                      eq(circleMemberships.inCircle, true),
                    ),
                  ),
              ),
              theirs,
              ...common,
            ),
          ),
        )
          .orderBy(...(sort === 'oldest' ? [sql`2 asc`, sql`1 asc`] : [sql`2 desc`, sql`1 desc`]))
          .limit(count);
    const page = rows.as('page');
    return this.db
      .select({
        ...summaryColumns(),
        ...publisherColumns(),
      })
      .from(page)
      .innerJoin(posts, eq(posts.id, page.pageId))
      .leftJoin(publishers, eq(publishers.userId, posts.publisherId))
      .orderBy(...orderOf(sort));
  }

  /**
   * The one audience rule (libs/server/database audience.ts) for a member reading posts,
   * moderation with it (issue 35).
   */
  private readableBy(readerId: string): SQL {
    return readableBy({
      ownerColumn: posts.publisherId,
      audienceColumn: posts.privacy,
      moderationColumn: posts.moderationState,
      readerId,
      schema: 'posts',
    });
  }

  /**
   * "From people you follow": `count` posts of the members `followerId` follows (not their
   * own) that the follower may read, newest first, past `after`. One statement: the follower's
   * follows by the key's prefix, then for each followee a LATERAL walk of their own newest posts
   * on the publisher index (at most `count` each), merged and cut to `count`; the page's rows and
   * publishers fetched once (no query per post). Walking each followee's index keeps the cost to
   * the follows times the page, where a filter over every reader's list (`IN (followees)`) would
   * walk the whole site's newest posts to find a quiet followee's few. A private post is never in
   * it, whoever follows whom.
   */
  following(
    followerId: string,
    after: { createdAt: Date; id: string } | undefined,
    count: number,
  ): Promise<SummaryWithPublisher[]> {
    const followed = this.db
      .select({ followeeId: follows.followeeId })
      .from(follows)
      .where(
        and(
          eq(follows.followerId, followerId),
          eq(follows.following, true),
          ne(follows.followeeId, followerId),
          // A followee who blocks the follower or whom the follower blocks or mutes (issue 35)
          // is left out before their posts are walked.
          wanted(followerId, follows.followeeId),
        ),
      )
      .as('followed');
    // What the follower may read of theirs: public, members' and, where the follower is in
    // their circle, circle stories (issue 34); never their private ones.
    const conditions: SQL[] = [
      eq(posts.publisherId, followed.followeeId),
      this.readableBy(followerId),
    ];
    if (after) conditions.push(afterRow(after, 'mostRecent'));
    const newest = [desc(posts.createdAt), desc(posts.id)];
    const theirs = this.db
      .select({ postId: posts.id, postedAt: posts.createdAt })
      .from(posts)
      .where(and(...conditions))
      .orderBy(...newest)
      .limit(count)
      .as('theirs');
    const page = this.db
      .select({ pageId: theirs.postId })
      .from(followed)
      .crossJoinLateral(theirs)
      .orderBy(desc(theirs.postedAt), desc(theirs.postId))
      .limit(count)
      .as('page');
    return this.rowsOf(page, page.pageId, newest);
  }

  /**
   * Page through the posts index alone, then fetch rows and publishers for that page only: a
   * deep offset then skips index entries, not joined rows.
   */
  private pageOf(
    where: SQL | undefined,
    order: SQL[],
    at: { limit: number | Placeholder; offset: number | Placeholder },
  ) {
    const page = this.db
      .select({ pageId: posts.id })
      .from(posts)
      .where(where)
      .orderBy(...order)
      .limit(at.limit)
      .offset(at.offset)
      .as('page');
    return this.rowsOf(page, page.pageId, order);
  }

  /** A page's rows, each with its publisher's name and picture, in `order`. */
  private rowsOf(page: Subquery, pageId: SQLWrapper, order: SQL[]) {
    return this.db
      .select({
        ...summaryColumns(),
        ...publisherColumns(),
      })
      .from(page)
      .innerJoin(posts, eq(posts.id, pageId))
      .leftJoin(publishers, eq(publishers.userId, posts.publisherId))
      .orderBy(...order);
  }
}

/** A newest-first list without search, filters or cursor: the prepared statements serve it. */
function isPlain(filter: ListFilter, sort: Sort): boolean {
  return (
    sort === 'mostRecent' &&
    !filter.after &&
    !filter.publisherId &&
    !filter.questionId &&
    !filter.language &&
    filter.authorWords.length === 0 &&
    filter.topicWords.length === 0
  );
}

function orderOf(sort: Sort): SQL[] {
  return sort === 'oldest'
    ? [asc(posts.createdAt), asc(posts.id)]
    : [desc(posts.createdAt), desc(posts.id)];
}

/** A list's filters, whatever its visibility: the magazine, a language, a publisher, words, a cursor. */
function filterConditions(filter: ListFilter, sort: Sort, db: Db): SQL[] {
  const conditions: SQL[] = [];
  if (filter.magazine) conditions.push(eq(posts.destination, 'magazine'));
  // On the magazine, its index led by language serves each language's part in order.
  if (filter.language) conditions.push(eq(posts.language, filter.language));
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
        db
          .select({ id: publishers.userId })
          .from(publishers)
          .where(and(...matches)),
      ),
      // A name moderation took off the bylines finds nothing either (issue 35).
      sql`not ${publisherWithheld}`,
    );
  }
  if (filter.after) conditions.push(afterRow(filter.after, sort));
  return conditions;
}

/** Past the cursor's row, in the list's order. */
function afterRow({ createdAt, id }: { createdAt: Date; id: string }, sort: Sort): SQL {
  return (
    sort === 'oldest'
      ? or(gt(posts.createdAt, createdAt), and(eq(posts.createdAt, createdAt), gt(posts.id, id)))
      : or(lt(posts.createdAt, createdAt), and(eq(posts.createdAt, createdAt), lt(posts.id, id)))
  ) as SQL;
}
