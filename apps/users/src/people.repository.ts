import { FULL_PROFILE_MIN_ANSWERS, type ModerationState } from '@mepedia/contracts';
import { isUuid, notBlocked, removedMemberKey, type Db } from '@mepedia/server-database';
import { appendEvent } from '@mepedia/server-queue';
import {
  and,
  asc,
  count,
  desc,
  eq,
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
import { personChange } from './searchable';
import { outbox, removedMembers, users, type UserRow } from './users.schema';

export type PeopleFilter = {
  /** Normalised words; each must appear in the name or topics. */
  words: string[];
  onlyFullProfiles: boolean;
  asOf: Date;
  /** The reader's language: members who use it first (a sort key before the usual order). */
  language?: 'en' | 'he' | undefined;
  /**
   * The signed-in member reading, when they block or are blocked by someone (issue 35): the
   * members on either side of a block with them are left out. Absent: no one is.
   */
  readerId?: string | undefined;
};

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * In the directory: a profile with public answers that moderation does not hide (issue 35).
 * Literals, as in the directory index's predicate, so the planner matches it.
 */
const listed = sql`${users.publishedAnswers} > 0 and ${users.moderationState} = 'visible'`;

/** Not on either side of a block with the reader (issue 35): a probe in the reading statement. */
const unblocked = (readerId: string) =>
  notBlocked({ memberColumn: users.id, readerId, schema: 'users' });

/** Queries over the people directory's projection (published profiles). */
export class PeopleRepository {
  constructor(private readonly db: Db) {}

  private where(filter: PeopleFilter): SQL | undefined {
    const conditions: SQL[] = [listed, lte(users.publishedAt, filter.asOf)];
    if (filter.readerId) conditions.push(unblocked(filter.readerId));
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

  /** A few listed members in random order, none on either side of a block with `readerId`. */
  async random(limit: number, readerId: string | null = null): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(readerId ? and(listed, unblocked(readerId)) : listed)
      .orderBy(sql`random()`)
      .limit(limit);
  }

  /** Whether the member deleted their account (their digest is kept: users.schema.ts). */
  async left(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ key: removedMembers.memberKey })
      .from(removedMembers)
      .where(eq(removedMembers.memberKey, removedMemberKey(userId)));
    return row !== undefined;
  }

  async countPublished(): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(users).where(listed);
    return Number(row?.total ?? 0);
  }

  /**
   * Where moderation leaves the profile of `userId` (issue 35), said at `at`, unless a word as
   * new or newer was applied already (the same word twice, or an older one late). Whether it
   * changed: false too for an id that is no member's.
   */
  async moderate(
    userId: string,
    state: ModerationState,
    caseId: string,
    at: Date,
  ): Promise<boolean> {
    if (!isUuid(userId)) return false;
    const rows = await this.db
      .update(users)
      .set({
        moderationState: state,
        moderationCaseId: state === 'visible' ? null : caseId,
        moderationChangedAt: at,
      })
      .where(
        and(
          eq(users.id, userId),
          or(isNull(users.moderationChangedAt), lt(users.moderationChangedAt, at)),
        ),
      )
      .returning({ id: users.id });
    return rows.length === 1;
  }

  /**
   * Apply a publication event unless a newer one was applied already. The
   * profile's publishedAt is the first time it went public; it clears when the
   * last public answer goes. When that moves the member in or out of the directory (or their
   * date), the search service is told in the same transaction (searchable.changed, issue 36).
   */
  async applyPublication(
    userId: string,
    publishedAnswers: number,
    topics: string[],
    occurredAt: Date,
  ): Promise<boolean> {
    if (!isUuid(userId)) return false;
    return this.db.transaction(async (tx) => {
      // As it was, locked: what the search service last heard of the member.
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!before) return false;
      const [after] = await tx
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
        .returning();
      if (!after) return false;
      const person = personChange(before, after);
      if (person) await appendEvent(tx, outbox, 'searchable.changed', person);
      return true;
    });
  }
}
