import { ENGLISH_STOP_WORDS, englishStem } from './english';
import { HEBREW_STOP_WORDS, stemsOf } from './hebrew';
import { MAX_WORD_LENGTH, type Script, type Token, tokens } from './normalise';
import { quoteLexeme, variantsOf } from './terms';

/** A word of a query: the forms a document's word may have to match it. */
export type QueryTerm = {
  /** The word, folded. */
  text: string;
  script: Script;
  /** Lexemes matched whole: the word and its variants (Term.variants). */
  variants: string[];
  /**
   * Lexemes matched as beginnings, for the word still being typed (`bak` finds baker and
   * bakery); empty for a finished word. An unfinished English word is matched as a beginning
   * and by its stem (`bakeries` finds bakery before a space is typed); an unfinished Hebrew word
   * as a beginning in each of its variants (`ובמאפ` finds מאפייה).
   */
  prefixes: string[];
};

/**
 * Words that must follow one another: a quoted phrase, or the words of one unquoted chunk that
 * punctuation split (`e-mail`, `iphone15`, `3.14`), as PostgreSQL's own query parsers do. A
 * single word is a clause of one.
 */
export type QueryClause = { terms: QueryTerm[]; quoted: boolean };

/** A query: every clause must match (AND). */
export type ParsedQuery = { clauses: QueryClause[] };

/**
 * The most words a query keeps; the rest are ignored. A search box's query is a few words, and
 * every word costs the index a lookup for each of its variants.
 */
export const MAX_QUERY_TERMS = 16;

// Quotation marks that open or close a phrase: ASCII, typographic and Hebrew. A double quote
// between two Hebrew letters is a gershayim instead (צה"ל), part of its word.
const PHRASE_QUOTES = new Set(['"', '\u201C', '\u201D', '\u201E', '\u00AB', '\u00BB', '\u05F4']);
const HEBREW_LETTER = /[\u05D0-\u05EA]/u;
const INVISIBLE_END = /\p{Cf}*$/u;
const INVISIBLE_OR_MARK = /[\p{Cf}\p{M}]/u;
const WHITE_SPACE = /\s/u;

/**
 * Reads a member's query. Words are folded as documents' are (normalise); quoted text ("..."
 * “...” «...») is a phrase, and an unclosed quote runs to the end; words that punctuation
 * joins without a space are a phrase too. Stop words (ENGLISH_STOP_WORDS, HEBREW_STOP_WORDS)
 * outside phrases are left out unless nothing else is left ("this is it" keeps all three).
 *
 * `typing` (the default): the query is being typed, so a last word with nothing after it is
 * unfinished and matched as a beginning (QueryTerm.prefixes). A one-letter unfinished word is
 * left out: as a beginning it would match a large part of the index, as a word almost nothing.
 * A submitted search that should match whole words only passes `typing: false`.
 */
export function queryTerms(query: string, options: { typing?: boolean } = {}): ParsedQuery {
  const typing = options.typing ?? true;
  // Where a word still being typed would end: the end, invisible characters aside.
  const typedEnd = query.replace(INVISIBLE_END, '').length;
  const clauses: QueryClause[] = [];
  let count = 0;

  for (const segment of segments(query)) {
    const words = tokens(segment.text).filter(
      (token) =>
        !token.clitic && token.text.length > 0 && Array.from(token.text).length <= MAX_WORD_LENGTH,
    );
    let chunk: QueryTerm[] = [];
    let previous: Token | null = null;
    const flush = () => {
      if (chunk.length > 0) clauses.push({ terms: chunk, quoted: segment.quoted });
      chunk = [];
    };
    for (const word of words) {
      if (count >= MAX_QUERY_TERMS) break;
      if (!segment.quoted && previous && WHITE_SPACE.test(gapOf(segment.text, previous, word)))
        flush();
      previous = word;
      const unfinished = typing && segment.offset + word.end === typedEnd;
      if (unfinished && Array.from(word.text).length < 2) continue;
      chunk.push(termOf(word.text, word.script, unfinished));
      count += 1;
    }
    flush();
  }
  return { clauses: withoutStopWords(dedupe(clauses)) };
}

type Segment = { text: string; offset: number; quoted: boolean };

/** The query cut at its phrase quotes: unquoted and quoted stretches in turn. */
function segments(query: string): Segment[] {
  const found: Segment[] = [];
  let quoted = false;
  let from = 0;
  const chars = Array.from(query);
  let at = 0;
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index]!;
    if (PHRASE_QUOTES.has(char) && !isGershayim(chars, index)) {
      found.push({ text: query.slice(from, at), offset: from, quoted });
      quoted = !quoted;
      from = at + char.length;
    }
    at += char.length;
  }
  found.push({ text: query.slice(from), offset: from, quoted });
  return found.filter((segment) => segment.text.length > 0);
}

/** A quote between two Hebrew letters (their points and invisible characters aside). */
function isGershayim(chars: string[], index: number): boolean {
  let before = index - 1;
  while (before >= 0 && INVISIBLE_OR_MARK.test(chars[before]!)) before -= 1;
  let after = index + 1;
  while (after < chars.length && INVISIBLE_OR_MARK.test(chars[after]!)) after += 1;
  return HEBREW_LETTER.test(chars[before] ?? '') && HEBREW_LETTER.test(chars[after] ?? '');
}

function gapOf(text: string, before: Token, after: Token): string {
  return text.slice(before.end, after.start);
}

function termOf(text: string, script: Script, unfinished: boolean): QueryTerm {
  if (!unfinished) return { text, script, variants: variantsOf(text, script), prefixes: [] };
  switch (script) {
    case 'he':
      return { text, script, variants: [], prefixes: stemsOf(text) };
    case 'latin': {
      const stem = englishStem(text);
      return { text, script, variants: stem === text ? [] : [stem], prefixes: [text] };
    }
    case 'digits':
    case 'other':
      return { text, script, variants: [], prefixes: [text] };
  }
}

function dedupe(clauses: QueryClause[]): QueryClause[] {
  const seen = new Set<string>();
  return clauses.filter((clause) => {
    const key = JSON.stringify([clause.quoted, clause.terms]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function isStopClause(clause: QueryClause): boolean {
  const [term] = clause.terms;
  return (
    !clause.quoted &&
    clause.terms.length === 1 &&
    term !== undefined &&
    term.prefixes.length === 0 &&
    (ENGLISH_STOP_WORDS.has(term.text) || HEBREW_STOP_WORDS.has(term.text))
  );
}

function withoutStopWords(clauses: QueryClause[]): QueryClause[] {
  const kept = clauses.filter((clause) => !isStopClause(clause));
  return kept.length > 0 ? kept : clauses;
}

/**
 * A parsed query as a tsquery literal, for `$1::tsquery` against documentVector's tsvectors, or
 * null when the query has no word (match nothing, and skip the database). Each word is the OR of
 * its forms, a clause's words follow one another (`<->`), clauses are ANDed:
 *   ובמאפייה "fresh bread"  ->  ('ובמאפיה' | 'במאפיה' | 'מאפיה') & ('fresh' <-> 'bread')
 * Every lexeme is quoted (quoteLexeme), so no input can reach the tsquery syntax.
 *
 * `variants: false` keeps each word's own form only (and its beginning, if unfinished): the
 * narrower query a ranking can weigh above the full one, so a text with the very word a member
 * typed comes before one that matched a stem.
 */
export function toTsQuery(
  parsed: ParsedQuery,
  options: { variants?: boolean } = {},
): string | null {
  const variants = options.variants ?? true;
  const clauses = parsed.clauses
    .map((clause) => clause.terms.map((term) => operand(term, variants)).join(' <-> '))
    .filter((clause) => clause.length > 0);
  if (clauses.length === 0) return null;
  return clauses
    .map((clause) => (clauses.length > 1 && clause.includes(' <-> ') ? `(${clause})` : clause))
    .join(' & ');
}

function operand(term: QueryTerm, variants: boolean): string {
  const whole = variants ? term.variants : term.prefixes.length > 0 ? [] : [term.text];
  const beginnings = variants ? term.prefixes : term.prefixes.slice(0, 1);
  const forms = [
    ...whole.map(quoteLexeme),
    ...beginnings.map((lexeme) => `${quoteLexeme(lexeme)}:*`),
  ];
  return forms.length > 1 ? `(${forms.join(' | ')})` : (forms[0] ?? '');
}
