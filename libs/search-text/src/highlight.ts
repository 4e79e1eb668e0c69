import { type ParsedQuery, type QueryTerm } from './query';
import { type DocumentTerm, documentTerms } from './terms';

/** A stretch of a text: UTF-16 offsets, `end` exclusive. */
export type TextRange = { start: number; end: number };

/**
 * Where a query matches a text, in the text as it was written (with its niqqud, final letters,
 * prefixes and accents), for highlighting: the words the index matched, whole (ובמאפייה with its
 * prefixes, the niqqud after its last letter included), and each phrase from its first word to
 * its last. The same matching as the index's (documentVector against toTsQuery), word by word,
 * each clause on its own: a text that matches part of the query shows that part. Ranges are in
 * order and do not overlap.
 */
export function matchRanges(text: string, query: ParsedQuery): TextRange[] {
  const words = documentTerms(text);
  const found: TextRange[] = [];
  for (const clause of query.clauses) {
    const [first] = clause.terms;
    if (!first) continue;
    for (let index = 0; index < words.length; index += 1) {
      const end = phraseEnd(words, index, clause.terms);
      if (end !== null) found.push({ start: words[index]!.start, end });
    }
  }
  return merged(found);
}

/** Where the phrase ends if it starts at words[index], or null. */
function phraseEnd(words: DocumentTerm[], index: number, terms: QueryTerm[]): number | null {
  const first = words[index]!;
  let end = first.end;
  for (let offset = 0; offset < terms.length; offset += 1) {
    const word = words[index + offset];
    if (!word || word.position !== first.position + offset || !matches(word, terms[offset]!))
      return null;
    end = word.end;
  }
  return end;
}

function matches(word: DocumentTerm, term: QueryTerm): boolean {
  return word.variants.some(
    (lexeme) =>
      term.variants.includes(lexeme) || term.prefixes.some((prefix) => lexeme.startsWith(prefix)),
  );
}

function merged(ranges: TextRange[]): TextRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  const result: TextRange[] = [];
  for (const range of sorted) {
    const last = result[result.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else result.push({ ...range });
  }
  return result;
}

/** A part of a text to show in a result, with the query's matches in it. */
export type Snippet = {
  /** The part, as written. */
  text: string;
  /** Where it is in the whole text; the UI marks a cut with an ellipsis (start > 0, end < length). */
  start: number;
  end: number;
  /** The matches inside it, relative to `text`. */
  highlights: TextRange[];
};

/** A snippet's usual length, in UTF-16 code units. */
export const SNIPPET_LENGTH = 200;

const SPACE = /\s/u;

/**
 * The part of a text around its best matches, about `length` long: the window holding the most
 * matches, starting a little before the first of them, cut at white space (never inside a word,
 * its niqqud or a surrogate pair) unless a single word is longer than the window. Without a
 * match, the text's beginning.
 */
export function snippetOf(
  text: string,
  query: ParsedQuery,
  options: { length?: number } = {},
): Snippet {
  const length = Math.max(options.length ?? SNIPPET_LENGTH, 1);
  const ranges = matchRanges(text, query);
  if (text.length <= length) return { text, start: 0, end: text.length, highlights: ranges };

  // Context before the first match: a quarter of the window, so the match is not the first word.
  const lead = Math.floor(length / 4);
  let best = { start: 0, count: 0 };
  for (const range of ranges) {
    const start = Math.max(0, Math.min(range.start - lead, text.length - length));
    const count = ranges.filter((r) => r.start >= start && r.end <= start + length).length;
    if (count > best.count) best = { start, count };
  }

  let start = best.start;
  if (start > 0 && !SPACE.test(text[start - 1]!)) {
    const space = lastSpace(text, start, Math.max(0, start - lead));
    start = space === null ? start : space + 1;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length && !SPACE.test(text[end]!)) {
    const space = lastSpace(text, end, start + 1);
    if (space !== null) end = space;
  }
  start = firstNonSpace(text, start, end);
  end = lastNonSpace(text, start, end);
  // A window cut inside a word (one longer than the window) moves off a surrogate pair's half.
  if (isLowSurrogate(text, start)) start += 1;
  if (isLowSurrogate(text, end)) end -= 1;

  return {
    text: text.slice(start, end),
    start,
    end,
    highlights: ranges
      .filter((range) => range.end > start && range.start < end)
      .map((range) => ({
        start: Math.max(range.start, start) - start,
        end: Math.min(range.end, end) - start,
      })),
  };
}

/** The last white space before `before` and at or after `floor`, or null. */
function lastSpace(text: string, before: number, floor: number): number | null {
  for (let at = before - 1; at >= floor; at -= 1) if (SPACE.test(text[at]!)) return at;
  return null;
}

function firstNonSpace(text: string, start: number, end: number): number {
  while (start < end && SPACE.test(text[start]!)) start += 1;
  return start;
}

function lastNonSpace(text: string, start: number, end: number): number {
  while (end > start && SPACE.test(text[end - 1]!)) end -= 1;
  return end;
}

function isLowSurrogate(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return at > 0 && at < text.length && code >= 0xdc00 && code <= 0xdfff;
}
