import { isHebrewPrefix } from './hebrew-prefixes';

// Words as the search compares them. One scanner reads the original text, finds its words (with
// their offsets in it, for highlighting) and folds each one; `normalise` and `tokens` are its two
// outputs, so what is indexed, what is queried and what is highlighted never disagree.

/**
 * The kind of a word: Hebrew letters, Latin letters, a run of digits, or letters of any other
 * script. A word holds one kind only: `שלוםworld` is two words, `iphone15` too.
 */
export type Script = 'he' | 'latin' | 'digits' | 'other';

/** A word of a text. */
export type Token = {
  /** The word as the index compares it: folded (see `normalise`). */
  text: string;
  script: Script;
  /** Where the word is in the text it was read from: UTF-16 offsets, `end` exclusive. */
  start: number;
  end: number;
  /**
   * A Hebrew prefix written onto a Latin word or a number (`בGoogle`, `ה-iPhone`, `ב־2020`): part
   * of the word after it, not a word of its own, so the index and the query leave it out.
   */
  clitic: boolean;
};

/**
 * The longest word the index keeps, in characters (after folding). Longer runs are hashes, long
 * links' paths or keyboard mashing, and PostgreSQL refuses a lexeme over 2 KB outright.
 */
export const MAX_WORD_LENGTH = 64;

type CharClass = Script | 'mark' | 'format' | 'apostrophe' | 'quote' | 'gap';

const HEBREW = /\p{Script=Hebrew}/u;
const LATIN = /\p{Script=Latin}/u;
const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;
const MARK = /\p{M}/u;
const FORMAT = /\p{Cf}/u;

// Inside a Hebrew word a geresh (צ׳יפס, ג׳ירפה) or gershayim (צה״ל, ארה״ב) is often typed as an
// ASCII quote or a curly one; inside a Latin word an apostrophe (don't, O'Brien) as either.
const APOSTROPHES = new Set(["'", '\u05F3', '\u2019', '\u2018', '`', '\u00B4', '\u2032']);
const QUOTES = new Set(['"', '\u05F4', '\u201C', '\u201D', '\u2033']);
const LATIN_APOSTROPHES = new Set(["'", '\u2019']);
const GERESH = '\u05F3';
const MAQAF = '\u05BE';
const HYPHENS = new Set(['-', MAQAF, '\u2010', '\u2011', '\u2013', '\u2014']);

function classOf(char: string): CharClass {
  const code = char.charCodeAt(0);
  if (code < 0x80) {
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) return 'latin';
    if (code >= 0x30 && code <= 0x39) return 'digits';
    if (char === "'" || char === '`') return 'apostrophe';
    if (char === '"') return 'quote';
    return 'gap';
  }
  if (LETTER.test(char)) return HEBREW.test(char) ? 'he' : LATIN.test(char) ? 'latin' : 'other';
  if (DIGIT.test(char)) return 'digits';
  if (MARK.test(char)) return 'mark';
  if (FORMAT.test(char)) return 'format';
  if (APOSTROPHES.has(char)) return 'apostrophe';
  if (QUOTES.has(char)) return 'quote';
  return 'gap';
}

type Span = { start: number; end: number; script: Script };

/** The words of a text, unfolded: where each is and its kind. */
function scan(text: string): Span[] {
  const spans: Span[] = [];
  let word: Span | null = null;
  // A geresh, gershayim or apostrophe just after the word: inside it if a letter of the same
  // script follows, otherwise punctuation.
  let joiner: { at: number; char: string } | null = null;

  const close = () => {
    if (!word) return;
    // A geresh proper ends an abbreviation (גב׳, פרופ׳): the mark belongs to the word. An ASCII
    // quote there is as likely to close a quotation, so it stays outside.
    if (joiner && joiner.char === GERESH && word.script === 'he') word.end = joiner.at + 1;
    spans.push(word);
    word = null;
    joiner = null;
  };

  for (let at = 0; at < text.length;) {
    const char = String.fromCodePoint(text.codePointAt(at)!);
    const next = at + char.length;
    const kind = classOf(char);
    switch (kind) {
      case 'he':
      case 'latin':
      case 'digits':
      case 'other':
        if (word && word.script === kind) {
          word.end = next;
          joiner = null;
        } else {
          close();
          word = { start: at, end: next, script: kind };
        }
        break;
      case 'mark':
        // Niqqud, cantillation and accents stay with their letter; a mark after anything else
        // (a stray point after a space) is no part of a word.
        if (word && !joiner) word.end = next;
        break;
      case 'format':
        // Direction marks, joiners and soft hyphens are invisible: they neither end a word nor
        // start one (a soft hyphen inside a word is still one word).
        break;
      case 'apostrophe':
      case 'quote':
        if (word && !joiner && joins(word.script, kind, char)) joiner = { at, char };
        else close();
        break;
      case 'gap':
        close();
        break;
    }
    at = next;
  }
  close();
  return spans;
}

function joins(script: Script, kind: 'apostrophe' | 'quote', char: string): boolean {
  if (script === 'he') return true;
  return script === 'latin' && kind === 'apostrophe' && LATIN_APOSTROPHES.has(char);
}

const HEBREW_FOLDS: Readonly<Record<string, string>> = {
  // Final forms are the same letters at a word's end (and a prefix moves the end: nothing else
  // would make מלך match מלכים's stem).
  ך: 'כ',
  ם: 'מ',
  ן: 'נ',
  ף: 'פ',
  ץ: 'צ',
  // Yiddish digraphs, typed as two letters as often as one.
  װ: 'וו',
  ױ: 'וי',
  ײ: 'יי',
};
const HEBREW_FOLDABLE = /[ךםןףץװױײ]/gu;
// Spelling without niqqud doubles a ו or י that is a consonant (מאפייה, ווילון), and members as
// often do not (מאפיה, וילון); pointed text never does (מַאֲפִיָּה). One letter for the pair
// matches all three. It merges the rare words only the doubling tells apart (עיין, studied, and
// עין, eye).
const DOUBLED_VAV_OR_YOD = /([וי])\1+/gu;

const LATIN_FOLDS: Readonly<Record<string, string>> = {
  // Letters Unicode does not decompose into a base letter and a mark.
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};
const LATIN_FOLDABLE = /[ßæœøłđðþıħ]/gu;

const MARKS = /\p{M}/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{Nd}]/gu;
const NOT_LETTER_DIGIT_OR_MARK = /[^\p{L}\p{Nd}\p{M}]/gu;
const DIGITS = /\p{Nd}/gu;
const ANY_DIGIT = /\p{Nd}/u;

/**
 * A word's folded form. NFKD first: it splits letters from their niqqud, cantillation and
 * accents, and takes presentation forms (שׁ as one code point, the wide letters, ligatures such
 * as ﬁ and ﭏ, full-width Latin and digits) to their plain letters.
 */
function fold(word: string, script: Script): string {
  switch (script) {
    case 'he':
      // Every mark goes: the points (U+05B0–U+05BD, U+05BF, U+05C1–U+05C2, U+05C4–U+05C5,
      // U+05C7: niqqud, dagesh, the shin and sin dots, rafe, meteg) and the cantillation marks
      // (U+0591–U+05AF). Unpointed text is how members write; a pointed verse must match it.
      return word
        .normalize('NFKD')
        .replace(MARKS, '')
        .replace(HEBREW_FOLDABLE, (letter) => HEBREW_FOLDS[letter] ?? letter)
        .replace(NOT_LETTER_OR_DIGIT, '')
        .replace(DOUBLED_VAV_OR_YOD, '$1')
        .normalize('NFC');
    case 'latin':
      // Lower case before the split: İ lower-cases to i and a combining dot, which goes too.
      return word
        .toLowerCase()
        .normalize('NFKD')
        .replace(MARKS, '')
        .replace(LATIN_FOLDABLE, (letter) => LATIN_FOLDS[letter] ?? letter)
        .replace(NOT_LETTER_OR_DIGIT, '')
        .normalize('NFC');
    case 'digits':
      return word.normalize('NFKD').replace(DIGITS, asciiDigit);
    case 'other':
      // Other scripts keep their marks (a Devanagari vowel sign is part of the letter); only
      // compatibility forms and case fold.
      return word.normalize('NFKC').toLowerCase().replace(NOT_LETTER_DIGIT_OR_MARK, '');
  }
}

/**
 * A decimal digit of any script as its ASCII digit. Unicode assigns decimal digits only in
 * runs of ten, 0 to 9 (a stability guarantee), so a digit's value is its distance from the
 * start of its run.
 */
function asciiDigit(digit: string): string {
  const code = digit.codePointAt(0)!;
  if (code < 0x80) return digit;
  let start = code;
  while (ANY_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return String((code - start) % 10);
}

/** Folds one word of a known script (the scanner found it so). */
export function foldWord(word: string, script: Script): string {
  return fold(word, script);
}

/**
 * The words of a text, folded, with their kind and place. Words are runs of letters of one
 * script or of digits: any other character between them ends a word, except niqqud and
 * accents (part of their letter), invisible format characters (ignored), a geresh or gershayim
 * between two Hebrew letters (צ'יפס, צה"ל: one word) and an apostrophe between two Latin letters
 * (don't: one word). The maqaf (־) and hyphens separate words.
 */
export function tokens(text: string): Token[] {
  const spans = scan(text);
  return spans.map((span, index) => {
    const folded = fold(text.slice(span.start, span.end), span.script);
    const after = spans[index + 1];
    return {
      text: folded,
      script: span.script,
      start: span.start,
      end: span.end,
      clitic:
        span.script === 'he' &&
        after !== undefined &&
        (after.script === 'latin' || after.script === 'digits') &&
        isHebrewPrefix(folded) &&
        isJoint(text.slice(span.end, after.start)),
    };
  });
}

/** Nothing between two words, or one hyphen or maqaf (ה-iPhone), invisible characters aside. */
function isJoint(between: string): boolean {
  const visible = Array.from(between).filter((char) => !FORMAT.test(char));
  return visible.length === 0 || (visible.length === 1 && HYPHENS.has(visible[0]!));
}

/**
 * A text as the search reads it: every word folded, the rest kept, so the result still reads
 * as the text (for a trigram index over names, or a quick look at what the index sees).
 *
 * Folding a word:
 * - Unicode compatibility forms become their plain letters and digits (NFKD, then NFC):
 *   presentation forms, ligatures, full-width characters; digits of any script become ASCII.
 * - Latin: lower case, accents and other diacritics removed (café → cafe, İstanbul →
 *   istanbul), ß → ss, æ → ae, ø → o, ł → l and the like; an apostrophe inside a word goes
 *   (don't → dont, O'Brien → obrien).
 * - Hebrew: niqqud and cantillation removed; final letters folded (ך ם ן ף ץ → כ מ נ פ צ); a
 *   doubled ו or י single (מאפייה → מאפיה, as a pointed מַאֲפִיָּה is spelled);
 *   a geresh or gershayim inside a word removed, whichever character it was typed with (צ׳יפס,
 *   צ'יפס and צ’יפס → ציפס; צה״ל and צה"ל → צהל): members type it all those ways and often
 *   not at all, and an acronym without its mark then still takes prefixes (בצה"ל → צהל). The
 *   cost is the rare pair that only the mark tells apart (ג'ל, gel, and גל, wave).
 * - Other scripts: compatibility forms and lower case only; their marks are kept.
 *
 * Outside words: the maqaf becomes a space, invisible format characters (direction marks and
 * isolates, zero-width joiners, soft hyphens) and marks that belong to no letter are removed,
 * and everything else is kept as it is.
 */
export function normalise(text: string): string {
  let result = '';
  let from = 0;
  for (const span of scan(text)) {
    result +=
      foldGap(text.slice(from, span.start)) + fold(text.slice(span.start, span.end), span.script);
    from = span.end;
  }
  return result + foldGap(text.slice(from));
}

const GAP_DROPPED = /[\p{Cf}\p{M}]/gu;

function foldGap(gap: string): string {
  return gap.replace(GAP_DROPPED, '').replaceAll(MAQAF, ' ');
}
