import { createHash } from 'node:crypto';
import {
  SEARCH_PAGE_SIZE,
  STORY_KINDS,
  type DomainEventPayload,
  type HighlightedText,
  type PeopleResults,
  type SearchPeopleRequest,
  type SearchSort,
  type SearchStoriesRequest,
  type StoriesPage,
  type StoryKind,
} from '@mepedia/contracts';
import { AppError } from '@mepedia/server-http';
import {
  documentVector,
  matchRanges,
  normalise,
  queryTerms,
  snippetOf,
  toTsQuery,
  tokens,
  type ParsedQuery,
} from '@mepedia/search-text';
import { z } from 'zod';
import { moderatedKindOf } from './postgres-search-index';
import type {
  IndexPosition,
  IndexQuery,
  IndexedDocument,
  SearchIndex,
  Searcher,
} from './search-index';

/** The most of an item's text that is indexed and kept (a longer one is cut here). */
export const MAX_INDEXED_TEXT = 100_000;

/**
 * The language most of a text is in, by its letters (a long word weighs more than a short one):
 * Hebrew when it has at least as many Hebrew letters as Latin ones.
 */
export function languageOf(text: string): 'en' | 'he' {
  let hebrew = 0;
  let latin = 0;
  for (const token of tokens(text)) {
    if (token.script === 'he') hebrew += token.text.length;
    else if (token.script === 'latin') latin += token.text.length;
  }
  return hebrew > 0 && hebrew >= latin ? 'he' : 'en';
}

/** An announced item as the index stores it: its lexemes made here, once. */
export function indexedDocument(item: DomainEventPayload<'searchable.changed'>): IndexedDocument {
  const title = item.title.slice(0, MAX_INDEXED_TEXT);
  const body = item.text.slice(0, MAX_INDEXED_TEXT);
  // An answer is also found by its question's title in the other language.
  const titles = item.questionTitle
    ? [title, item.questionTitle.en, item.questionTitle.he].join('\n')
    : title;
  return {
    kind: item.kind,
    id: item.id,
    ownerId: item.ownerId,
    audience: item.audience,
    title,
    questionTitle: item.questionTitle ?? null,
    body,
    questionId: item.questionId ?? null,
    image: item.image ?? null,
    language: languageOf(`${title}\n${body}`),
    createdAt: new Date(item.createdAt),
    titleVector: documentVector(titles, { weight: 'A' }),
    bodyVector: documentVector(body),
    foldedName: item.kind === 'person' ? normalise(title).replace(/\s+/gu, ' ').trim() : null,
  };
}

const CursorShape = z.object({
  /** Which search made it: the route, query, filters and sort, hashed. */
  f: z.string(),
  s: z.enum(['relevance', 'newest']),
  r: z.number().optional(),
  c: z.string().optional(),
  k: z.string(),
});

/** The fingerprint of a search: a cursor is good for the one search that made it. */
function fingerprint(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

function encodeCursor(search: string, position: IndexPosition): string {
  const shape: z.infer<typeof CursorShape> =
    position.sort === 'relevance'
      ? { f: search, s: 'relevance', r: position.rank, k: position.key }
      : { f: search, s: 'newest', c: position.createdAt, k: position.key };
  return Buffer.from(JSON.stringify(shape)).toString('base64url');
}

function decodeCursor(
  cursor: string | undefined,
  search: string,
  sort: SearchSort,
): IndexPosition | undefined {
  if (cursor === undefined) return undefined;
  try {
    const shape = CursorShape.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (shape.f !== search || shape.s !== sort) throw new Error('another search');
    if (shape.s === 'relevance' && typeof shape.r === 'number' && Number.isFinite(shape.r))
      return { sort: 'relevance', rank: shape.r, key: shape.k };
    if (shape.s === 'newest' && shape.c !== undefined && !Number.isNaN(Date.parse(shape.c)))
      return { sort: 'newest', createdAt: new Date(shape.c).toISOString(), key: shape.k };
    throw new Error('incomplete');
  } catch {
    throw new AppError('INVALID_CURSOR');
  }
}

/** A text shown whole, with the query's matches marked. */
function highlighted(text: string, parsed: ParsedQuery): HighlightedText {
  return { text, matches: matchRanges(text, parsed), cutBefore: false, cutAfter: false };
}

/** The part of a text around its matches (or its beginning). */
function snippet(text: string, parsed: ParsedQuery): HighlightedText {
  const part = snippetOf(text, parsed);
  return {
    text: part.text,
    matches: part.highlights,
    cutBefore: part.start > 0,
    cutAfter: part.end < text.length,
  };
}

/**
 * Search (issue 36): what the owners announce goes into the index; a query is folded by
 * @mepedia/search-text and run as the searcher's view; results come back with their matches
 * marked, in the text as it was written.
 */
export class SearchService {
  constructor(private readonly index: SearchIndex) {}

  // --- the owners' words ---------------------------------------------------------------------

  /** An item as its service announced it at `at` (searchable.changed). */
  async indexItem(item: DomainEventPayload<'searchable.changed'>, at: Date): Promise<void> {
    if (item.deleted) {
      await this.index.remove(item.kind, item.id, item.ownerId, at);
      return;
    }
    const moderatedKind = moderatedKindOf(item.kind);
    // Held for review as it was written: its owner's alone before the index ever shows it.
    if (item.review && moderatedKind)
      await this.index.applyModeration({
        kind: moderatedKind,
        itemId: item.id,
        ownerId: item.ownerId,
        state: 'held',
        caseId: item.review.caseId,
        occurredAt: at,
      });
    // Withheld as its service last heard (an announcement of an item from before this service).
    if (item.withheld && moderatedKind)
      await this.index.applyModeration({
        kind: moderatedKind,
        itemId: item.id,
        ownerId: item.ownerId,
        state: item.withheld.state,
        caseId: item.withheld.caseId,
        occurredAt: at,
      });
    await this.index.upsert(indexedDocument(item), at);
  }

  // --- searching -----------------------------------------------------------------------------

  async stories(searcher: Searcher, request: SearchStoriesRequest): Promise<StoriesPage> {
    const sort = request.sort ?? 'relevance';
    const kinds: readonly StoryKind[] =
      request.kinds && request.kinds.length > 0 ? [...new Set(request.kinds)] : STORY_KINDS;
    const parsed = queryTerms(request.query, { typing: request.typing === true });
    const search = fingerprint([
      'stories',
      searcher,
      parsed,
      [...kinds].sort(),
      request.questionId ?? null,
      request.language ?? null,
      request.authorId ?? null,
      sort,
    ]);
    const after = decodeCursor(request.cursor, search, sort);
    const query = this.indexQuery(parsed);
    if (!query) return { stories: [], nextCursor: null };
    const limit = request.limit ?? SEARCH_PAGE_SIZE;
    const page = await this.index.stories(
      searcher,
      query,
      {
        kinds,
        questionId: request.questionId,
        language: request.language,
        authorId: request.authorId,
      },
      sort,
      after,
      limit,
    );
    const last = page.rows[page.rows.length - 1];
    return {
      stories: page.rows.map((row) => ({
        kind: row.kind,
        id: row.id,
        ownerId: row.ownerId,
        title: highlighted(row.title, parsed),
        questionTitle: row.questionTitle,
        questionId: row.questionId,
        snippet: snippet(row.body, parsed),
        author: row.author
          ? {
              id: row.ownerId,
              fullname: row.author.fullname,
              profileImage: row.author.profileImage,
            }
          : null,
        audience: row.audience,
        language: row.language,
        image: row.image,
        createdAt: row.createdAt.toISOString(),
      })),
      nextCursor:
        page.more && last
          ? encodeCursor(
              search,
              sort === 'relevance'
                ? { sort, rank: last.rank, key: last.key }
                : { sort, createdAt: last.createdAt.toISOString(), key: last.key },
            )
          : null,
    };
  }

  async people(searcher: Searcher, request: SearchPeopleRequest): Promise<PeopleResults> {
    const parsed = queryTerms(request.query, { typing: request.typing === true });
    const search = fingerprint(['people', searcher, parsed]);
    const after = decodeCursor(request.cursor, search, 'relevance');
    const query = this.indexQuery(parsed);
    if (!query) return { people: [], nextCursor: null };
    const page = await this.index.people(searcher, query, after, request.limit ?? SEARCH_PAGE_SIZE);
    const last = page.rows[page.rows.length - 1];
    return {
      people: page.rows.map((row) => ({
        id: row.id,
        fullname: highlighted(row.fullname, parsed),
        profileImage: row.image,
        matchedIn: row.matchedIn,
        snippet: row.body.trim().length > 0 ? snippet(row.body, parsed) : null,
      })),
      nextCursor:
        page.more && last
          ? encodeCursor(search, { sort: 'relevance', rank: last.rank, key: last.key })
          : null,
    };
  }

  /** The query as the index runs it, or null when it has no word to look for. */
  private indexQuery(parsed: ParsedQuery): IndexQuery | null {
    const full = toTsQuery(parsed);
    if (full === null) return null;
    // A chunk that punctuation or digits split (`wabc123`, `o'neil`) is one word of a name.
    const words = parsed.clauses.map((clause) =>
      clause.terms.map((term) => term.text).join(clause.quoted ? ' ' : ''),
    );
    return { full, exact: toTsQuery(parsed, { variants: false }) ?? full, words };
  }
}
