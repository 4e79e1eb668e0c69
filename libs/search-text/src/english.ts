// The web app's program holds only its own folder and what it imports, so the package's types
// come with this file wherever it is compiled, not from a folder's include.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- see above
/// <reference path="./wink-porter2-stemmer.d.ts" />
import stem from 'wink-porter2-stemmer';

// English words match by their stem (bakes and baking by bake, stories by story), on
// both sides, computed here rather than by PostgreSQL's `english` configuration. The stemmer is
// Porter2, the Snowball English algorithm PostgreSQL's `english_stem` runs (it gave the same stem
// for each of the 3,541 distinct words of this repository's docs), so nothing is lost by moving
// it here, and it buys three things: one `simple` tsvector holds Hebrew and English at the same
// positions, so a phrase can cross languages; the highlighter (highlight.ts) marks exactly the
// words the index matched, in the browser too; and no text-search configuration has to exist
// on the server (PGlite included).

/** A folded Latin word's Porter2 stem: 'baking' -> 'bake', 'stories' -> 'stori'. */
export function englishStem(word: string): string {
  return stem(word);
}

/**
 * Words a query leaves out unless it has nothing else (see queryTerms): the index keeps them,
 * for phrases ("the old man and the sea"), but requiring them finds fewer texts, not better
 * ones. Negations stay: "not" changes what a member is looking for.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'been',
  'but',
  'by',
  'for',
  'from',
  'had',
  'has',
  'have',
  'he',
  'her',
  'his',
  'i',
  'if',
  'in',
  'into',
  'is',
  'it',
  'its',
  'me',
  'my',
  'of',
  'on',
  'or',
  'our',
  'she',
  'so',
  'that',
  'the',
  'their',
  'them',
  'they',
  'this',
  'to',
  'was',
  'we',
  'were',
  'with',
  'you',
  'your',
]);
