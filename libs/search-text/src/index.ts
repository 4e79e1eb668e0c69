// @mepedia/search-text: how the search (issue 36) reads text, in Hebrew and English. Plain
// TypeScript without Node's APIs, for the search service and for the web app alike.

export { HEBREW_PREFIXES, MAX_HEBREW_PREFIX, isHebrewPrefix } from './hebrew-prefixes';
export { MAX_WORD_LENGTH, type Script, type Token, normalise, tokens } from './normalise';
