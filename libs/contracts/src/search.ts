import { z } from 'zod';
import { Audience } from './audience';
import { Language } from './language';

// ---------------------------------------------------------------------------
// Search (issue 36, our addition): people and stories found by what they wrote, in Hebrew and
// English, always as the searcher may read them. The search service owns its read model, fed by
// the services that own the items (`searchable.changed`, ADR 11); docs/api/search.md.
// ---------------------------------------------------------------------------

/** What a story result is: a post, a live questionnaire answer, or an answer to one's own question. */
export const STORY_KINDS = ['post', 'answer', 'privateAnswer'] as const;
export const StoryKind = z.enum(STORY_KINDS, { error: 'INVALID_VALUE' });
export type StoryKind = z.infer<typeof StoryKind>;

/** The orders of results: best match first, or newest first. */
export const SEARCH_SORTS = ['relevance', 'newest'] as const;
export const SearchSort = z.enum(SEARCH_SORTS, { error: 'INVALID_VALUE' });
export type SearchSort = z.infer<typeof SearchSort>;

/** The longest query, in characters. */
export const SEARCH_QUERY_MAX = 200;
/** Results a page holds when the caller names no limit, and at most. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE_SIZE = 50;

const Query = z
  .string({ error: 'FIELD_REQUIRED' })
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(SEARCH_QUERY_MAX, 'TOO_LONG')
  .describe(
    `What to look for, at most ${SEARCH_QUERY_MAX} characters. Words are all looked for (AND); text in double quotes is a phrase; niqqud, cantillation, final letters and Hebrew one-letter prefixes (ו ה ב כ ל מ ש and their combinations) make no difference, and English words match their other forms (bakery, bakeries). A query of no word that counts (only punctuation, or only words such as "the" and "של") finds nothing.`,
  );

const SearchPaging = {
  typing: z
    .boolean({ error: 'INVALID_VALUE' })
    .optional()
    .describe(
      'The searcher is still typing: the last word is matched as the beginning of a word too (`bak` finds bakery). For suggestions as one types; a submitted search leaves it out.',
    ),
  cursor: z
    .string({ error: 'INVALID_CURSOR' })
    .max(300, 'INVALID_CURSOR')
    .optional()
    .describe(
      'From the previous page’s `nextCursor`, with the same query, filters and sort; any other answers INVALID_CURSOR.',
    ),
  limit: z
    .number({ error: 'INVALID_VALUE' })
    .int('INVALID_VALUE')
    .min(1, 'INVALID_VALUE')
    .max(SEARCH_MAX_PAGE_SIZE, 'INVALID_VALUE')
    .optional()
    .describe(`1 to ${SEARCH_MAX_PAGE_SIZE}; ${SEARCH_PAGE_SIZE} when left out.`),
};

export const SearchStoriesRequest = z.object({
  query: Query,
  kinds: z
    .array(StoryKind, { error: 'INVALID_VALUE' })
    .max(STORY_KINDS.length, 'INVALID_VALUE')
    .optional()
    .describe('Only these kinds; all when left out or empty.'),
  questionId: z
    .string({ error: 'INVALID_VALUE' })
    .max(100, 'INVALID_VALUE')
    .optional()
    .describe(
      'Only answers to this questionnaire question (a `questionId` of `profileQuestions`).',
    ),
  language: Language.optional().describe(
    'Only stories written mostly in this language (`en` or `he`).',
  ),
  authorId: z
    .string({ error: 'INVALID_VALUE' })
    .max(100, 'INVALID_VALUE')
    .optional()
    .describe('Only this member’s stories.'),
  sort: SearchSort.optional().describe('`relevance` (the default) or `newest`.'),
  ...SearchPaging,
});
export type SearchStoriesRequest = z.input<typeof SearchStoriesRequest>;

/** People are found best first: the request has no `sort`. */
export const SearchPeopleRequest = z.object({ query: Query, ...SearchPaging });
export type SearchPeopleRequest = z.input<typeof SearchPeopleRequest>;

/** A stretch of a text, in UTF-16 code units: `start` included, `end` not. */
export const TextRange = z.object({ start: z.number().int(), end: z.number().int() });
export type TextRange = z.infer<typeof TextRange>;

/** Text to show with the query's matches in it, to be highlighted (plain text, never markup). */
export const HighlightedText = z.object({
  text: z.string(),
  matches: z
    .array(TextRange)
    .describe('Where the query matched, in order, not overlapping: offsets into `text`.'),
  /** The snippet begins after the text's start (show an ellipsis before it). */
  cutBefore: z.boolean(),
  /** The snippet ends before the text's end (show an ellipsis after it). */
  cutAfter: z.boolean(),
});
export type HighlightedText = z.infer<typeof HighlightedText>;

export const SearchAuthor = z.object({
  id: z.string(),
  fullname: z.string(),
  profileImage: z.string().nullable(),
});
export type SearchAuthor = z.infer<typeof SearchAuthor>;

export const LocalizedTitle = z.object({ en: z.string(), he: z.string() });

export const StoryHit = z.object({
  kind: StoryKind,
  /** The post's id, the me answer's id, or the private question's id. */
  id: z.string(),
  ownerId: z.string(),
  title: HighlightedText.describe(
    'A post’s title; an answer’s question’s title in the searcher’s language; the member’s own question’s title.',
  ),
  /** A questionnaire answer's question title in both languages (to show it in the page's). */
  questionTitle: LocalizedTitle.nullable(),
  questionId: z.string().nullable(),
  snippet: HighlightedText.describe('A part of the text around its first match (or its start).'),
  author: SearchAuthor.nullable().describe(
    'Null when the author’s profile is not shown to the searcher (held by moderation).',
  ),
  audience: Audience,
  language: Language.describe('The language most of the text is in.'),
  /** A post's picture (a file path of `/api/files/`), else null. */
  image: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601: when the story was first published.'),
});
export type StoryHit = z.infer<typeof StoryHit>;

export const StoriesPage = z.object({
  stories: z.array(StoryHit),
  nextCursor: z.string().nullable().describe('Pass it back as `cursor`; null on the last page.'),
});
export type StoriesPage = z.infer<typeof StoriesPage>;

export const PersonHit = z.object({
  id: z.string(),
  fullname: HighlightedText,
  profileImage: z.string().nullable(),
  /** Where the query matched: the member's name, motto or about, or one of their answers. */
  matchedIn: z.enum(['profile', 'answers']),
  snippet: HighlightedText.nullable().describe(
    'The motto, about or answer text around the match; null when only the name matched and there is no motto.',
  ),
});
export type PersonHit = z.infer<typeof PersonHit>;

export const PeopleResults = z.object({
  people: z.array(PersonHit),
  nextCursor: z.string().nullable().describe('Pass it back as `cursor`; null on the last page.'),
});
export type PeopleResults = z.infer<typeof PeopleResults>;
