import type { Audience, SearchSort, SearchableKind, StoryKind } from '@mepedia/contracts';
import type { BlockChange, CircleMembershipChange, ModerationWord } from '@mepedia/server-database';

// ==========================================================================================
// The search index as the search service uses it (ADR 11 §4): a port. The PostgreSQL adapter
// (postgres-search-index.ts) is the one built; an OpenSearch one would meet the same contract,
// the searcher's view expressed as a filter of audience terms as the SQL condition expresses it.
// Texts reach the port already folded (@mepedia/search-text): the index stores and matches
// lexemes; it never analyses text itself.
// ==========================================================================================

/** A document as the port stores it: the announced item, and its lexemes. */
export type IndexedDocument = {
  kind: SearchableKind;
  id: string;
  ownerId: string;
  audience: Audience;
  title: string;
  questionTitle: { en: string; he: string } | null;
  body: string;
  questionId: string | null;
  image: string | null;
  language: 'en' | 'he';
  createdAt: Date;
  /** documentVector(title, A) and documentVector(body): joined by the index. */
  titleVector: string;
  bodyVector: string;
  /** A person's name folded, for near misses; null for stories. */
  foldedName: string | null;
};

/** Who is searching: a member by id, or a guest (null). */
export type Searcher = string | null;

/** A query as the index runs it: tsquery literals made by @mepedia/search-text. */
export type IndexQuery = {
  /** Every form of every word (toTsQuery). */
  full: string;
  /** The words as typed only (toTsQuery with `variants: false`): weighs exact matches higher. */
  exact: string;
  /** The query's words folded, for names' near misses (people only): each near a name's word. */
  words: string[];
};

/** Where the previous page ended: its last row's sort key. */
export type IndexPosition =
  | { sort: 'relevance'; rank: number; key: string }
  | { sort: 'newest'; createdAt: string; key: string };

export type StoryFilters = {
  kinds: readonly StoryKind[];
  questionId?: string;
  language?: 'en' | 'he';
  authorId?: string;
};

/** A story found, with what a result shows of it. */
export type StoryRow = {
  kind: StoryKind;
  id: string;
  ownerId: string;
  audience: Audience;
  title: string;
  questionTitle: { en: string; he: string } | null;
  body: string;
  questionId: string | null;
  image: string | null;
  language: 'en' | 'he';
  createdAt: Date;
  /** The author's name and picture, unless their profile is withheld from the searcher. */
  author: { fullname: string; profileImage: string | null } | null;
  rank: number;
  /** The row's sort key after its rank or date (kind and id): the next page's position. */
  key: string;
};

/** A person found: their profile document, and the best match among it and their answers. */
export type PersonRow = {
  id: string;
  fullname: string;
  image: string | null;
  /** The person's own document matched (name, motto, about), or one of their answers. */
  matchedIn: 'profile' | 'answers';
  /** The text that matched: motto and about, or the answer's. */
  body: string;
  rank: number;
  key: string;
};

export type Page<T> = { rows: T[]; more: boolean };

export interface SearchIndex {
  /** An item as announced at `at`, unless a newer word is recorded or its owner left. */
  upsert(document: IndexedDocument, at: Date): Promise<void>;
  /** The item is gone (or emptied) as of `at`, unless a newer word is recorded. */
  remove(kind: SearchableKind, id: string, ownerId: string, at: Date): Promise<void>;
  /** The moderation service's word on an item (issue 35): found by its owner alone unless visible. */
  applyModeration(word: ModerationWord): Promise<void>;
  applyCircle(change: CircleMembershipChange): Promise<void>;
  applyBlock(change: BlockChange): Promise<void>;
  /** A member left: everything of theirs goes, and nothing naming them comes back. */
  removeMember(userId: string): Promise<void>;
  stories(
    searcher: Searcher,
    query: IndexQuery,
    filters: StoryFilters,
    sort: SearchSort,
    after: IndexPosition | undefined,
    limit: number,
  ): Promise<Page<StoryRow>>;
  people(
    searcher: Searcher,
    query: IndexQuery,
    after: IndexPosition | undefined,
    limit: number,
  ): Promise<Page<PersonRow>>;
}
