import { isUuid, type Db } from '@mepedia/server-database';
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
} from 'drizzle-orm';
import type { ListVisibility } from './posts.access';
import { summaryColumns, type SummaryWithPublisher } from './posts.rows';
import { follows, posts, publishers } from './posts.schema';

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

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

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
      own: this.recentQuery('own', false).prepare('posts_recent_own'),
      ownMagazine: this.recentQuery('own', true).prepare('posts_recent_own_magazine'),
    };
  }

  /**
   * `public` reads the public posts' index; `own` the private posts of `privateOf` (the
   * publisher index).
   */
  private recentQuery(scope: 'public' | 'own', magazine: boolean) {
    const conditions: SQL[] = [
      lte(posts.createdAt, sql.placeholder('asOf')),
      ...(scope === 'public'
        ? [eq(posts.privacy, 'public')]
        : [eq(posts.publisherId, sql.placeholder('privateOf')), eq(posts.privacy, 'private')]),
    ];
    if (magazine) conditions.push(eq(posts.destination, 'magazine'));
    return this.pageOf(and(...conditions), [desc(posts.createdAt), desc(posts.id)], {
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
    });
  }

  /**
   * One page, in (created_at, id) order, plus one row to tell whether more follow. Public posts
   * and private ones of `privateOf` are read as two indexed lists (the public posts' index,
   * theirs by publisher) and merged, rather than one `public or theirs` condition no index
   * serves (on 100,000 posts that was a scan of them all, 1.9 s a page).
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
   * `count` rows from `offset` of one scope: `public` posts, the private ones of `privateOf`
   * (`own`), or all the filter's visibility names (`visible`: without `privateOf`, public ones;
   * with a publisher filter, that publisher's).
   */
  private async read(
    filter: ListFilter,
    scope: 'public' | 'own' | 'visible',
    sort: Sort,
    offset: number,
    count: number,
  ): Promise<SummaryWithPublisher[]> {
    const { privateOf } = filter;
    const plain =
      sort === 'mostRecent' &&
      !filter.after &&
      !filter.publisherId &&
      !filter.questionId &&
      !filter.language &&
      filter.authorWords.length === 0 &&
      filter.topicWords.length === 0;
    const values = { asOf: filter.asOf, limit: count, offset };
    if (plain && (scope === 'public' || (scope === 'visible' && !privateOf)))
      return (filter.magazine ? this.recent.publicMagazine : this.recent.public).execute(values);
    if (plain && scope === 'own')
      return (filter.magazine ? this.recent.ownMagazine : this.recent.own).execute({
        ...values,
        privateOf,
      });
    const conditions: SQL[] = [lte(posts.createdAt, filter.asOf)];
    if (scope === 'public' || !privateOf) conditions.push(eq(posts.privacy, 'public'));
    else if (scope === 'own')
      conditions.push(eq(posts.publisherId, privateOf), eq(posts.privacy, 'private'));
    // With a publisher filter the publisher index does the work: theirs, public or (if they
    // are `privateOf`) private.
    else conditions.push(or(eq(posts.privacy, 'public'), eq(posts.publisherId, privateOf)) as SQL);
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
          this.db
            .select({ id: publishers.userId })
            .from(publishers)
            .where(and(...matches)),
        ),
      );
    }
    if (filter.after) conditions.push(afterRow(filter.after, sort));
    const order =
      sort === 'oldest'
        ? [asc(posts.createdAt), asc(posts.id)]
        : [desc(posts.createdAt), desc(posts.id)];
    return this.pageOf(and(...conditions), order, {
      limit: count,
      offset: filter.after ? 0 : offset,
    });
  }

  /**
   * "From people you follow": `count` public posts of the members `followerId` follows (not
   * their own), newest first, past `after`. One statement: the follower's follows by the key's
   * prefix, each followee's public posts by the publisher index, the page's rows and publishers
   * fetched once (no query per post). A private post is never in it, whoever follows whom.
   */
  following(
    followerId: string,
    after: { createdAt: Date; id: string } | undefined,
    count: number,
  ): Promise<SummaryWithPublisher[]> {
    const followed = this.db
      .select({ id: follows.followeeId })
      .from(follows)
      .where(
        and(
          eq(follows.followerId, followerId),
          eq(follows.following, true),
          ne(follows.followeeId, followerId),
        ),
      );
    const conditions: SQL[] = [eq(posts.privacy, 'public'), inArray(posts.publisherId, followed)];
    if (after) conditions.push(afterRow(after, 'mostRecent'));
    return this.pageOf(and(...conditions), [desc(posts.createdAt), desc(posts.id)], {
      limit: count,
      offset: 0,
    });
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
}

/** Past the cursor's row, in the list's order. */
function afterRow({ createdAt, id }: { createdAt: Date; id: string }, sort: Sort): SQL {
  return (
    sort === 'oldest'
      ? or(gt(posts.createdAt, createdAt), and(eq(posts.createdAt, createdAt), gt(posts.id, id)))
      : or(lt(posts.createdAt, createdAt), and(eq(posts.createdAt, createdAt), lt(posts.id, id)))
  ) as SQL;
}
