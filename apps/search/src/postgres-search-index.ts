import type { ModeratedItemKind, SearchSort, SearchableKind, StoryKind } from '@mepedia/contracts';
import {
  BlockStore,
  CircleMembershipStore,
  ModeratedItemStore,
  isUuid,
  notBlocked,
  readableBy,
  removedMemberKey,
  type BlockChange,
  type CircleMembershipChange,
  type Db,
  type ModerationWord,
} from '@mepedia/server-database';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { documents, moderatedItems } from './search.schema';
import type {
  IndexPosition,
  IndexQuery,
  IndexedDocument,
  Page,
  PersonRow,
  SearchIndex,
  Searcher,
  StoryFilters,
  StoryRow,
} from './search-index';

const SCHEMA = 'search';

/** The moderation service's kind of an item for a document's kind (a person is a profile). */
export function moderatedKindOf(kind: SearchableKind): ModeratedItemKind | null {
  switch (kind) {
    case 'post':
      return 'post';
    case 'answer':
      return 'answer';
    case 'person':
      return 'profile';
    case 'privateAnswer':
      // Answers to one's own questions are not reportable: their audience alone decides.
      return null;
  }
}

/** A document's kind for the moderation service's kind (comments are not searched). */
function documentKindOf(kind: ModeratedItemKind): SearchableKind | null {
  switch (kind) {
    case 'post':
      return 'post';
    case 'answer':
      return 'answer';
    case 'profile':
      return 'person';
    case 'comment':
      return null;
  }
}

/** The sort key after the rank or date: kind and id, text that orders the same everywhere. */
const storyKey = sql<string>`${documents.kind} || ':' || ${documents.id}`;

/**
 * The index in PostgreSQL (ADR 11): a tsvector per document with a GIN index, ranked by
 * `ts_rank_cd`, names' near misses by trigram, and who may find what decided in the statement
 * that reads, by the same conditions every other list uses (`readableBy`, `notBlocked`).
 */
export class PostgresSearchIndex implements SearchIndex {
  private readonly circles: CircleMembershipStore;
  private readonly blocks: BlockStore;
  private readonly moderation: ModeratedItemStore;

  constructor(private readonly db: Db) {
    this.circles = new CircleMembershipStore(db, SCHEMA);
    this.blocks = new BlockStore(db, SCHEMA);
    this.moderation = new ModeratedItemStore(db, SCHEMA);
  }

  /** This index inside one transaction: all of `work` commits or none. */
  transaction<T>(work: (index: PostgresSearchIndex) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new PostgresSearchIndex(tx)));
  }

  async upsert(document: IndexedDocument, at: Date): Promise<void> {
    if (!isUuid(document.ownerId)) return;
    const moderatedKind = moderatedKindOf(document.kind);
    // Where moderation left it: its word may have come before the item did.
    const state = moderatedKind
      ? sql`coalesce((select state from search.moderated_items
          where kind = ${moderatedKind} and item_id = ${document.id}), 'visible')`
      : sql`'visible'`;
    await this.db.execute(sql`
      insert into search.documents (kind, id, owner_id, audience, moderation_state, deleted, title,
        question_title_en, question_title_he, body, question_id, image, language, created_at,
        folded_name, terms, changed_at)
      select ${document.kind}, ${document.id}, ${document.ownerId}::uuid, ${document.audience},
        ${state}, false, ${document.title}, ${document.questionTitle?.en ?? null},
        ${document.questionTitle?.he ?? null}, ${document.body}, ${document.questionId},
        ${document.image}, ${document.language}, ${document.createdAt.toISOString()}::timestamptz,
        ${document.foldedName},
        ${document.titleVector}::tsvector || ${document.bodyVector}::tsvector,
        ${at.toISOString()}::timestamptz
      where not exists (
        select 1 from search.removed_members where member_key = ${removedMemberKey(document.ownerId)})
      on conflict (kind, id) do update
        set owner_id = excluded.owner_id, audience = excluded.audience,
          moderation_state = excluded.moderation_state, deleted = false, title = excluded.title,
          question_title_en = excluded.question_title_en,
          question_title_he = excluded.question_title_he, body = excluded.body,
          question_id = excluded.question_id, image = excluded.image,
          language = excluded.language, created_at = excluded.created_at,
          folded_name = excluded.folded_name, terms = excluded.terms,
          changed_at = excluded.changed_at
        where search.documents.changed_at < excluded.changed_at`);
    await this.forgetIfOwnerLeft(document.kind, document.id, document.ownerId);
  }

  async remove(kind: SearchableKind, id: string, ownerId: string, at: Date): Promise<void> {
    if (!isUuid(ownerId)) return;
    // A row without its text, so an older word arriving later finds a newer one and stays out.
    await this.db.execute(sql`
      insert into search.documents (kind, id, owner_id, audience, deleted, title, body, language,
        created_at, changed_at)
      select ${kind}, ${id}, ${ownerId}::uuid, 'private', true, '', '', 'en',
        ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
      where not exists (
        select 1 from search.removed_members where member_key = ${removedMemberKey(ownerId)})
      on conflict (kind, id) do update
        set deleted = true, title = '', body = '', question_title_en = null,
          question_title_he = null, image = null, folded_name = null, terms = null,
          changed_at = excluded.changed_at
        where search.documents.changed_at < excluded.changed_at`);
    await this.forgetIfOwnerLeft(kind, id, ownerId);
  }

  /**
   * The owner left while a write above ran (it did not see the digest yet, and the departure's
   * delete did not see its row): the row goes now. `removeMember` writes the digest first.
   */
  private async forgetIfOwnerLeft(kind: SearchableKind, id: string, ownerId: string) {
    await this.db.execute(sql`
      delete from search.documents
      where kind = ${kind} and id = ${id} and owner_id = ${ownerId}::uuid
        and exists (
          select 1 from search.removed_members where member_key = ${removedMemberKey(ownerId)})`);
  }

  async applyModeration(word: ModerationWord): Promise<void> {
    const kind = documentKindOf(word.kind);
    // Comments are not searched: their words are not kept here.
    if (!kind) return;
    await this.moderation.apply(word);
    // The latest word (this one, or a newer one already kept) onto the document, if it is here.
    await this.db.execute(sql`
      update search.documents d set moderation_state = m.state
      from search.moderated_items m
      where m.kind = ${word.kind} and m.item_id = ${word.itemId}
        and d.kind = ${kind} and d.id = ${word.itemId} and d.moderation_state <> m.state`);
  }

  applyCircle(change: CircleMembershipChange): Promise<void> {
    return this.circles.apply(change);
  }

  async applyBlock(change: BlockChange): Promise<void> {
    await this.blocks.apply(change);
  }

  async removeMember(userId: string): Promise<void> {
    if (!isUuid(userId)) return;
    // The digest first (CircleMembershipStore.removeMember writes it), then every row naming them.
    await this.circles.removeMember(userId);
    await this.db.delete(documents).where(eq(documents.ownerId, userId));
    await this.blocks.removeMember(userId);
    await this.moderation.removeMember(userId);
  }

  // --- reading -----------------------------------------------------------------------------

  /** What the searcher may find, of the documents' rows: the one rule, and no block between. */
  private findableBy(searcher: Searcher): SQL {
    return and(
      readableBy({
        ownerColumn: documents.ownerId,
        audienceColumn: documents.audience,
        deletedColumn: documents.deleted,
        moderationColumn: documents.moderationState,
        readerId: searcher,
        schema: SCHEMA,
      }),
      notBlocked({ memberColumn: documents.ownerId, readerId: searcher, schema: SCHEMA }),
    )!;
  }

  /**
   * The rank of a document for a query: how well it matches every form of the words, plus how
   * well it matches the words as typed (a text holding the very word ranks above one that
   * matched only a stem or a prefix's stem). Normalised by the document's length's logarithm.
   */
  private rankOf(query: IndexQuery): SQL<number> {
    return sql<number>`(ts_rank_cd(${documents.terms}, ${query.full}::tsquery, 1)
      + ts_rank_cd(${documents.terms}, ${query.exact}::tsquery, 1))::float8`;
  }

  async stories(
    searcher: Searcher,
    query: IndexQuery,
    filters: StoryFilters,
    sort: SearchSort,
    after: IndexPosition | undefined,
    limit: number,
  ): Promise<Page<StoryRow>> {
    const rank = this.rankOf(query);
    const profile = alias(moderatedItems, 'author_profile');
    // The author's name and picture: their own document (a person's, kept for every member).
    const byline = alias(documents, 'byline');
    // A byline unless the author's profile is withheld (held or removed), but from themselves.
    const bylineShown =
      searcher === null
        ? sql`${profile.state} is null or ${profile.state} = 'visible'`
        : sql`${profile.state} is null or ${profile.state} = 'visible' or ${documents.ownerId} = ${searcher}::uuid`;
    const conditions: SQL[] = [
      inArray(documents.kind, [...filters.kinds]),
      sql`${documents.terms} @@ ${query.full}::tsquery`,
      this.findableBy(searcher),
    ];
    if (filters.questionId !== undefined)
      conditions.push(eq(documents.questionId, filters.questionId));
    if (filters.language !== undefined) conditions.push(eq(documents.language, filters.language));
    if (filters.authorId !== undefined) {
      if (!isUuid(filters.authorId)) return { rows: [], more: false };
      conditions.push(eq(documents.ownerId, filters.authorId));
    }
    const position = this.after(after, sort, rank, documents.createdAt, storyKey);
    if (position) conditions.push(position);
    const rows = await this.db
      .select({
        kind: documents.kind,
        id: documents.id,
        ownerId: documents.ownerId,
        audience: documents.audience,
        title: documents.title,
        questionTitleEn: documents.questionTitleEn,
        questionTitleHe: documents.questionTitleHe,
        body: documents.body,
        questionId: documents.questionId,
        image: documents.image,
        language: documents.language,
        createdAt: documents.createdAt,
        fullname: byline.title,
        profileImage: byline.image,
        bylineShown: sql<boolean>`(${bylineShown})`,
        rank,
        key: storyKey,
      })
      .from(documents)
      .leftJoin(
        byline,
        and(
          eq(byline.kind, 'person'),
          eq(byline.id, sql`${documents.ownerId}::text`),
          eq(byline.deleted, false),
        ),
      )
      .leftJoin(
        profile,
        and(eq(profile.kind, 'profile'), eq(profile.itemId, sql`${documents.ownerId}::text`)),
      )
      .where(and(...conditions))
      .orderBy(...this.order(sort, rank, documents.createdAt, storyKey))
      .limit(limit + 1);
    return {
      more: rows.length > limit,
      rows: rows.slice(0, limit).map((row) => ({
        kind: row.kind as StoryKind,
        id: row.id,
        ownerId: row.ownerId,
        audience: row.audience,
        title: row.title,
        questionTitle:
          row.questionTitleEn !== null && row.questionTitleHe !== null
            ? { en: row.questionTitleEn, he: row.questionTitleHe }
            : null,
        body: row.body,
        questionId: row.questionId,
        image: row.image,
        language: row.language,
        createdAt: row.createdAt,
        author:
          row.bylineShown && row.fullname !== null
            ? { fullname: row.fullname, profileImage: row.profileImage }
            : null,
        rank: row.rank,
        key: row.key,
      })),
    };
  }

  async people(
    searcher: Searcher,
    query: IndexQuery,
    after: IndexPosition | undefined,
    limit: number,
  ): Promise<Page<PersonRow>> {
    const rank = this.rankOf(query);
    // A name near every word of the query (pg_trgm's word similarity, served by the trigram
    // index): Yosi finds Yossi where the words themselves find nothing.
    const words = query.words.slice(0, 8);
    const nearName =
      words.length > 0
        ? and(...words.map((word) => sql`${documents.foldedName} %> ${word}`))!
        : sql`false`;
    const nameSimilarity =
      words.length > 0
        ? sql`(${sql.join(
            words.map((word) => sql`word_similarity(${word}, ${documents.foldedName})`),
            sql` + `,
          )}) / ${words.length}`
        : sql`0`;
    // Each member's best match: their own document (name, motto, about: counted double, it is
    // about them), one of their questionnaire answers the searcher may read, or, where the words
    // find nothing, their name by trigram (a near miss, ranked below every match of the words).
    const matched = this.db.$with('matched').as(
      this.db
        .select({
          ownerId: sql<string>`${documents.ownerId}`.as('owner_id'),
          matchedKind: sql<string>`${documents.kind}`.as('matched_kind'),
          matchedBody: sql<string>`${documents.body}`.as('matched_body'),
          score: sql<number>`(case when ${documents.kind} = 'person' then 2 else 1 end * ${rank}
            + case when ${documents.kind} = 'person' and ${nearName}
              then ${nameSimilarity} * 0.01 else 0 end)::float8`.as('score'),
        })
        .from(documents)
        .where(
          and(
            inArray(documents.kind, ['person', 'answer']),
            or(
              sql`${documents.terms} @@ ${query.full}::tsquery`,
              and(eq(documents.kind, 'person'), sql`${documents.foldedName} is not null`, nearName),
            ),
            this.findableBy(searcher),
          ),
        ),
    );
    const best = this.db.$with('best').as(
      this.db
        .selectDistinctOn([sql`owner_id`], {
          ownerId: sql<string>`owner_id`.as('best_owner'),
          matchedKind: sql<string>`matched_kind`.as('best_kind'),
          matchedBody: sql<string>`matched_body`.as('best_body'),
          score: sql<number>`score`.as('best_score'),
        })
        .from(matched)
        .orderBy(sql`owner_id`, sql`score desc`, sql`matched_kind = 'person' desc`),
    );
    const person = alias(documents, 'person');
    const personKey = sql<string>`${person.id}`;
    const score = sql<number>`best_score`;
    const conditions: SQL[] = [
      // The person is found only where their profile is: in the directory (public), or oneself.
      readableBy({
        ownerColumn: person.ownerId,
        audienceColumn: person.audience,
        deletedColumn: person.deleted,
        moderationColumn: person.moderationState,
        readerId: searcher,
        schema: SCHEMA,
      }),
    ];
    const position = this.after(after, sortOfPeople, score, person.createdAt, personKey);
    if (position) conditions.push(position);
    const rows = await this.db
      .with(matched, best)
      .select({
        id: person.id,
        fullname: person.title,
        image: person.image,
        personBody: person.body,
        matchedKind: sql<string>`best_kind`,
        matchedBody: sql<string>`best_body`,
        rank: score,
        key: personKey,
      })
      .from(best)
      .innerJoin(person, sql`${person.kind} = 'person' and ${person.id} = best_owner::text`)
      .where(and(...conditions))
      .orderBy(...this.order(sortOfPeople, score, person.createdAt, personKey))
      .limit(limit + 1);
    return {
      more: rows.length > limit,
      rows: rows.slice(0, limit).map((row) => ({
        id: row.id,
        fullname: row.fullname,
        image: row.image,
        matchedIn: row.matchedKind === 'person' ? 'profile' : 'answers',
        body: row.matchedKind === 'person' ? row.personBody : row.matchedBody,
        rank: row.rank,
        key: row.key,
      })),
    };
  }

  /** Rows after `position` in the order `order` gives. */
  private after(
    position: IndexPosition | undefined,
    sort: SearchSort,
    rank: SQL<number>,
    createdAt: AnyPgColumn,
    key: SQL<string>,
  ): SQL | undefined {
    if (!position || position.sort !== sort) return undefined;
    if (position.sort === 'relevance')
      return sql`(${rank} < ${position.rank}::float8
        or (${rank} = ${position.rank}::float8 and ${key} > ${position.key}))`;
    return sql`(${createdAt} < ${position.createdAt}::timestamptz
      or (${createdAt} = ${position.createdAt}::timestamptz and ${key} > ${position.key}))`;
  }

  private order(
    sort: SearchSort,
    rank: SQL<number>,
    createdAt: AnyPgColumn,
    key: SQL<string>,
  ): SQL[] {
    return sort === 'relevance' ? [desc(rank), asc(key)] : [desc(createdAt), asc(key)];
  }
}

/** People are found best first. */
const sortOfPeople: SearchSort = 'relevance';
