import { LOCALES, type Locale } from './locales';
import type { MessageOverrides } from './translator';

/**
 * Interface text overrides (the site service's `applicationText`, docs/api/site.md) are data
 * from outside the web app's code: each is checked before it may replace a built-in message.
 * One that would show wrong is left out (and reported), so the built-in message stays:
 * - its key is not a message the web app has in that language;
 * - its ICU syntax is not what the formatter (format.ts) reads: braces that do not close, an
 *   argument type other than `plural` and `select`, options without `other`, a stray `}`;
 * - it uses an argument the built-in message does not have (it would print `{name}` raw);
 * - it holds markup or control characters (the interface shows texts as text, never as HTML).
 */

export type ArgumentKind = 'plain' | 'plural' | 'select';
export type OverrideProblem = { locale: Locale; key: string; reason: string };
export type CheckedOverrides = {
  overrides: Record<Locale, MessageOverrides>;
  problems: OverrideProblem[];
};

class SyntaxProblem extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const OPTION_KEY = /^(=\d+|[A-Za-z_][A-Za-z0-9_-]*)$/;

/**
 * The arguments of an ICU message as the formatter reads it (name -> how it is used), or a
 * SyntaxProblem. Stricter than the formatter, which forgives what it cannot read.
 */
export function messageArguments(source: string): Map<string, ArgumentKind> {
  const found = new Map<string, ArgumentKind>();
  const end = readMessage(source, 0, false, found);
  if (end !== source.length) throw new SyntaxProblem(`an unmatched "}" at ${end}`);
  return found;
}

/** Reads text and arguments from `start` up to the end, or up to a `}` closing an option. */
function readMessage(
  source: string,
  start: number,
  inOption: boolean,
  found: Map<string, ArgumentKind>,
): number {
  let i = start;
  while (i < source.length) {
    const char = source[i];
    // The end of an option, or (at the top) a stray brace the caller reports.
    if (char === '}') return i;
    if (char === '{') {
      i = readArgument(source, i, found);
      continue;
    }
    i += 1;
  }
  if (inOption) throw new SyntaxProblem('an option that does not close');
  return i;
}

function skipSpace(source: string, i: number): number {
  while (i < source.length && /\s/.test(source[i]!)) i += 1;
  return i;
}

/** `{name}`, `{name, plural, =0 {…} one {…} other {…}}` or `{name, select, a {…} other {…}}`. */
function readArgument(source: string, open: number, found: Map<string, ArgumentKind>): number {
  const close = source.indexOf('}', open);
  if (close === -1) throw new SyntaxProblem(`a "{" at ${open} that does not close`);
  const comma = source.indexOf(',', open);
  const nested = source.indexOf('{', open + 1);
  if (comma === -1 || comma > close) {
    if (nested !== -1 && nested < close) throw new SyntaxProblem(`a "{" inside an argument`);
    const name = source.slice(open + 1, close).trim();
    if (!NAME.test(name)) throw new SyntaxProblem(`an argument name that is not one: "${name}"`);
    note(found, name, 'plain');
    return close + 1;
  }
  const name = source.slice(open + 1, comma).trim();
  if (!NAME.test(name)) throw new SyntaxProblem(`an argument name that is not one: "${name}"`);
  const typeEnd = source.indexOf(',', comma + 1);
  if (typeEnd === -1 || (nested !== -1 && typeEnd > nested))
    throw new SyntaxProblem(`an argument "${name}" with a type and no options`);
  const type = source.slice(comma + 1, typeEnd).trim();
  if (type !== 'plural' && type !== 'select')
    throw new SyntaxProblem(`an argument type the formatter does not know: "${type}"`);
  note(found, name, type);
  const keys = new Set<string>();
  let j = typeEnd + 1;
  for (;;) {
    j = skipSpace(source, j);
    if (j >= source.length) throw new SyntaxProblem(`the argument "${name}" does not close`);
    if (source[j] === '}') break;
    const optionOpen = source.indexOf('{', j);
    if (optionOpen === -1) throw new SyntaxProblem(`an option of "${name}" without a message`);
    const key = source.slice(j, optionOpen).trim();
    if (!OPTION_KEY.test(key)) throw new SyntaxProblem(`an option key that is not one: "${key}"`);
    if (keys.has(key)) throw new SyntaxProblem(`the option "${key}" twice`);
    keys.add(key);
    const optionEnd = readMessage(source, optionOpen + 1, true, found);
    j = optionEnd + 1;
  }
  if (!keys.has('other')) throw new SyntaxProblem(`the argument "${name}" has no "other" option`);
  return j + 1;
}

function note(found: Map<string, ArgumentKind>, name: string, kind: ArgumentKind): void {
  // A plural or select says more than a plain use of the same argument.
  if (found.get(name) === undefined || kind !== 'plain') found.set(name, kind);
}

// A tag, a comment, a processing instruction or an entity: the interface shows text as text.
const MARKUP = /<[A-Za-z/!?]|&(#\d+|#x[0-9a-f]+|[a-z]+);/i;
// C0 and C1 controls other than tab and line breaks, and the bidirectional overrides that could
// turn the interface's words around.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Why `text` may not replace `builtIn`, or null when it may. */
export function overrideProblem(text: unknown, builtIn: string | undefined): string | null {
  if (builtIn === undefined) return 'not a message of the web app';
  if (typeof text !== 'string' || text.trim() === '') return 'not a text';
  if (MARKUP.test(text)) return 'markup';
  if (CONTROLS.test(text)) return 'control characters';
  let used: Map<string, ArgumentKind>;
  try {
    used = messageArguments(text);
  } catch (error) {
    if (error instanceof SyntaxProblem) return `ICU syntax: ${error.message}`;
    throw error;
  }
  let expected: Map<string, ArgumentKind>;
  try {
    expected = messageArguments(builtIn);
  } catch {
    return 'the built-in message cannot be read';
  }
  const unknown = [...used.keys()].filter((name) => !expected.has(name));
  if (unknown.length > 0) return `placeholders the message does not have: ${unknown.join(', ')}`;
  return null;
}

/**
 * The overrides that may be applied, per language, and what is wrong with the others.
 * `builtIn(locale, key)` is the web app's own message for that key in that language.
 */
export function checkOverrides(
  given: unknown,
  builtIn: (locale: Locale, key: string) => string | undefined,
): CheckedOverrides {
  const overrides: Record<Locale, MessageOverrides> = { en: {}, he: {} };
  const problems: OverrideProblem[] = [];
  if (typeof given !== 'object' || given === null) return { overrides, problems };
  for (const locale of LOCALES) {
    const texts = (given as Partial<Record<Locale, unknown>>)[locale];
    if (typeof texts !== 'object' || texts === null) continue;
    for (const [key, text] of Object.entries(texts)) {
      const reason = overrideProblem(text, builtIn(locale, key));
      if (reason) problems.push({ locale, key, reason });
      else overrides[locale][key] = text as string;
    }
  }
  return { overrides, problems };
}
