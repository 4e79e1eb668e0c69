// @mepedia/search-text: how the search (issue 36) reads text, in Hebrew and English: what the
// index stores for a document, what a query looks for, and where a result's matches are. Plain
// TypeScript without Node's APIs, for the search service and for the web app alike.
//
// The index is one PostgreSQL tsvector per document, built here, not by a text-search
// configuration:
//   documentVector(text)               a tsvector literal (`$1::tsvector`): every word folded
//                                      (normalise), at its position with all its variants
//   toTsQuery(queryTerms(query))       a tsquery literal (`$2::tsquery`), or null for no word
//   matchRanges / snippetOf            the matches in the original text, for highlighting
//
// Decisions (each explained where it is made):
// - Folding (normalise.ts): NFKD, marks off (niqqud, cantillation, accents), lower case, final
//   letters as their plain forms, a doubled ו or י single (מאפייה = מאפיה), a geresh or
//   gershayim inside a Hebrew word dropped (צ'יפס = ציפס, צה"ל = צהל), the maqaf a word
//   separator, invisible format characters ignored.
// - Hebrew prefixes (hebrew.ts, hebrew-prefixes.ts): a word also stands for the stems left by
//   the prefixes it may carry (ו, ש/כש/לכש, מ, ב/כ/ל/ה, in that order, at most four letters),
//   a stem keeping at least three letters; both the index and the query expand, so ובמאפייה and
//   מאפייה find each other. No suffix is taken off.
// - English (english.ts): stemmed here with Porter2, the algorithm of PostgreSQL's `english`
//   configuration, so both languages share one vector built without a configuration, a phrase
//   can mix them, and the highlighter agrees with the index. Stop words are kept in the index
//   and left out of queries.
// - Queries (query.ts): words ANDed, quoted text a phrase, the last word while typing matched as
//   a beginning, at most MAX_QUERY_TERMS words; every lexeme quoted, so no input breaks the
//   tsquery.

export { ENGLISH_STOP_WORDS, englishStem } from './english';
export { HEBREW_STOP_WORDS, MIN_HEBREW_STEM, hebrewVariants } from './hebrew';
export { HEBREW_PREFIXES, MAX_HEBREW_PREFIX, isHebrewPrefix } from './hebrew-prefixes';
export { SNIPPET_LENGTH, type Snippet, type TextRange, matchRanges, snippetOf } from './highlight';
export { MAX_WORD_LENGTH, type Script, type Token, normalise, tokens } from './normalise';
export {
  MAX_QUERY_TERMS,
  type ParsedQuery,
  type QueryClause,
  type QueryTerm,
  queryTerms,
  toTsQuery,
} from './query';
export {
  type DocumentTerm,
  MAX_POSITION,
  type Term,
  type Weight,
  documentTerms,
  documentVector,
  quoteLexeme,
  variantsOf,
} from './terms';
