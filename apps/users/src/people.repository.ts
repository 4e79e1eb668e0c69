import { FULL_PROFILE_MIN_ANSWERS } from '@mepedia/contracts';
import type { Db } from '@mepedia/server-database';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { users, type UserRow } from './users.schema';

export type PeopleFilter = {
  /** Normalised words; each must appear in the name or topics. */
  words: string[];
  onlyFullProfiles: boolean;
  asOf: Date;
  /** The reader's language: members who use it first (a sort key before the usual order). */
  language?: 'en' | 'he' | undefined;
};

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Queries over the people directory's projection (published profiles). */
export class PeopleRepository {
  constructor(private readonly db: Db) {}

  private where(filter: PeopleFilter): SQL | undefined {
    const conditions: SQL[] = [gt(users.publishedAnswers, 0), lte(users.publishedAt, filter.asOf)];
    for (const word of filter.words)
      conditions.push(like(users.searchText, `%${escapeLike(word)}%`));
    if (filter.onlyFullProfiles) {
      conditions.push(gte(users.publishedAnswers, FULL_PROFILE_MIN_ANSWERS));
      conditions.push(
        or(isNotNull(users.croppedProfileImage), isNotNull(users.profileImage)) as SQL,
      );
    }
    return and(...conditions);
  }

  /** One page in a total order (publishedAt, then id), so pages never overlap or skip. */
  async page(
    filter: PeopleFilter,
    sort: 'mostRecent' | 'oldest',
    offset: number,
    limit: number,
  ): Promise<{ rows: UserRow[]; total: number }> {
    const where = this.where(filter);
    const order =
      sort === 'oldest'
        ? [asc(users.publishedAt), asc(users.id)]
        : [desc(users.publishedAt), desc(users.id)];
    // false (the reader's language) sorts before true: the order stays total, so pages by
    // number never overlap or skip.
    if (filter.language) order.unshift(sql`${users.language} <> ${filter.language}`);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows, total: Number(totals[0]?.total ?? 0) };
  }

  async random(limit: number): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(gt(users.publishedAnswers, 0))
      .orderBy(sql`random()`)
      .limit(limit);
  }

  async countPublished(): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(users)
      .where(gt(users.publishedAnswers, 0));
    return Number(row?.total ?? 0);
  }

  /**
   * Apply a publication event unless a newer one was applied already. The
   * profile's publishedAt is the first time it went public; it clears when the
   * last public answer goes.
   */
  async applyPublication(
    userId: string,
    publishedAnswers: number,
    topics: string[],
    occurredAt: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({
        publishedAnswers,
        publishedTopics: topics.join(' '),
        publishedAt:
          publishedAnswers > 0
            ? sql`coalesce(${users.publishedAt}, ${occurredAt.toISOString()}::timestamptz)`
            : null,
        publicationVersion: occurredAt,
      })
      .where(
        and(
          eq(users.id, userId),
          or(isNull(users.publicationVersion), lt(users.publicationVersion, occurredAt)),
        ),
      )
      .returning({ id: users.id });
    return rows.length === 1;
  }
}
