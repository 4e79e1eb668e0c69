import { englishStem } from './english';
import { stemsOf } from './hebrew';
import { MAX_WORD_LENGTH, type Script, tokens } from './normalise';

/** A word as the index stores or looks for it. */
export type Term = {
  /** The word, folded. */
  text: string;
  script: Script;
  /**
   * The lexemes that stand for it, the word first: a Hebrew word and the stems of its possible
   * prefixes (hebrewVariants), an English word and its stem, anything else alone.
   */
  variants: string[];
};

/** A word of a document: its term, its position for phrases and its place in the text. */
export type DocumentTerm = Term & {
  /** 1 for the first word; a phrase is words at consecutive positions. */
  position: number;
  /** Where the word is in the text: UTF-16 offsets, `end` exclusive, a clitic prefix included. */
  start: number;
  end: number;
};

/** The lexemes a folded word stands for (see Term.variants). */
export function variantsOf(text: string, script: Script): string[] {
  switch (script) {
    case 'he':
      return stemsOf(text);
    case 'latin': {
      const stem = englishStem(text);
      return stem === text ? [text] : [text, stem];
    }
    case 'digits':
    case 'other':
      return [text];
  }
}

/**
 * The words of a document as the index stores them, each with its variants and position. A
 * Hebrew prefix written onto a Latin word or a number (Token.clitic) is part of that word, and a
 * word longer than MAX_WORD_LENGTH is left out but keeps its position, so a phrase never
 * matches across it.
 */
export function documentTerms(text: string): DocumentTerm[] {
  const terms: DocumentTerm[] = [];
  let position = 0;
  let cliticStart: number | null = null;
  for (const token of tokens(text)) {
    if (token.clitic) {
      cliticStart = token.start;
      continue;
    }
    position += 1;
    const start = cliticStart ?? token.start;
    cliticStart = null;
    if (token.text.length === 0 || Array.from(token.text).length > MAX_WORD_LENGTH) continue;
    terms.push({
      text: token.text,
      script: token.script,
      variants: variantsOf(token.text, token.script),
      position,
      start,
      end: token.end,
    });
  }
  return terms;
}

/** PostgreSQL's highest tsvector position: later words share it. */
export const MAX_POSITION = 16383;

/** A tsvector weight: A is the highest; D is an unlabelled position's. */
export type Weight = 'A' | 'B' | 'C' | 'D';

/**
 * A document's text as a tsvector literal, for `$1::tsvector`: each word's variants at the
 * word's own position, so a phrase matches whichever form each word is found by
 * (`'ובמאפיה':1 'במאפיה':1 'מאפיה':1 'חלב':2`). A literal rather than `to_tsvector`, whose
 * parser would give each variant a position of its own and break phrases; no text-search
 * configuration is involved on either side (see english.ts). Fields of one document are joined
 * with `||`, which moves the right one's positions past the left one's; `weight` labels every
 * position for ts_rank (a title A, a body D).
 */
export function documentVector(text: string, options: { weight?: Weight } = {}): string {
  const label = options.weight && options.weight !== 'D' ? options.weight : '';
  const positions = new Map<string, number[]>();
  for (const term of documentTerms(text)) {
    const position = Math.min(term.position, MAX_POSITION);
    for (const lexeme of term.variants) {
      const list = positions.get(lexeme);
      if (!list) positions.set(lexeme, [position]);
      else if (list[list.length - 1] !== position) list.push(position);
    }
  }
  return [...positions]
    .map(([lexeme, at]) => `${quoteLexeme(lexeme)}:${at.map((p) => `${p}${label}`).join(',')}`)
    .join(' ');
}

/**
 * A lexeme quoted for a tsvector or tsquery literal: inside single quotes a quote is doubled and
 * a backslash escaped. Lexemes are letters and digits only, but the literal is safe whatever
 * they hold.
 */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
