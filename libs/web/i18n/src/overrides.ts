import { isPlainText, messageProblem, parseMessage, type MessageSource } from '@mepedia/messages';
import { LOCALES, type Locale } from './locales';
import type { MessageOverrides } from './translator';

/**
 * Interface text overrides (the site service's `applicationText`, docs/api/site.md) are data
 * from outside the web app's code: each is checked when the web server loads them, before it may
 * replace a built-in message. One that would show wrong is left out (and reported), so the
 * built-in message stays:
 * - its key is not a message the web app has in that language;
 * - its ICU does not read (intl-messageformat's parser, and what the catalogues are held to:
 *   libs/messages/src/message.ts): braces that do not close, a plural or select without `other`,
 *   a stray brace, a style the formatter does not know;
 * - it uses an argument the built-in message does not have (it would print nothing), or counts
 *   or dates one the message does not;
 * - it holds markup or control characters (the interface shows texts as text, never as HTML).
 * The ones kept are handed on parsed (unless plain text): the browser has no parser.
 */

export type OverrideProblem = { locale: Locale; key: string; reason: string };
export type CheckedOverrides = {
  overrides: Record<Locale, MessageOverrides>;
  problems: OverrideProblem[];
};

// A tag, a comment, a processing instruction or an entity: the interface shows text as text.
const MARKUP = /<[A-Za-z/!?]|&(#\d+|#x[0-9a-f]+|[a-z]+);/i;
// C0 and C1 controls other than tab and line breaks, and the bidirectional overrides that could
// turn the interface's words around.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Why `text` may not replace `builtIn`, or null when it may. */
export function overrideProblem(text: unknown, builtIn: MessageSource | undefined): string | null {
  if (builtIn === undefined) return 'not a message of the web app';
  if (typeof text !== 'string' || text.trim() === '') return 'not a text';
  if (MARKUP.test(text)) return 'markup';
  if (CONTROLS.test(text)) return 'control characters';
  return messageProblem(text, builtIn);
}

/**
 * The overrides that may be applied, per language, and what is wrong with the others.
 * `builtIn(locale, key)` is the web app's own message for that key in that language.
 */
export function checkOverrides(
  given: unknown,
  builtIn: (locale: Locale, key: string) => MessageSource | undefined,
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
      else {
        const source = text as string;
        overrides[locale][key] = isPlainText(source) ? source : parseMessage(source);
      }
    }
  }
  return { overrides, problems };
}
