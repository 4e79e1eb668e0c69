import { compileMessage, type FormatMessage, type MessageSource } from '@mepedia/messages';
import type { Locale } from './locales';
import { en, type CoreMessageKey, type MessageKey } from './messages/en';
import { he } from './messages/he';

// In the sources a message is ICU text; in the web app's build, a parsed message when it is not
// plain text (apps/web/vite-messages.ts), so the browser carries no parser.
export type Messages = Readonly<Record<CoreMessageKey, MessageSource>>;
/** Checked run-time overrides (applicationText): text, or parsed by the server that checked it. */
export type MessageOverrides = Partial<Record<string, MessageSource>>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export const catalogs: Record<Locale, Messages> = { en, he };

/** One page's own strings in both languages (messages/<page>.ts). */
export type PageMessages = {
  en: Readonly<Record<string, MessageSource>>;
  he: Readonly<Record<string, MessageSource>>;
};

// The strings pages bring with them: every page needs the catalogue above, but only the settings
// page needs the settings page's strings, so they load with its route, not with every page.
const registered: Record<Locale, Record<string, MessageSource>> = { en: {}, he: {} };

// Built-in messages compiled once per language for every translator (a page makes a translator
// per render); overrides are compiled by the translator they belong to.
const builtIns: Record<Locale, Map<string, FormatMessage>> = { en: new Map(), he: new Map() };

/**
 * Adds a page's strings to every translator (a route module calls it when it loads, before
 * anything on the page is drawn: on the server, and in the browser before hydration).
 */
export function registerMessages(messages: PageMessages): void {
  Object.assign(registered.en, messages.en);
  Object.assign(registered.he, messages.he);
  for (const locale of ['en', 'he'] as const)
    for (const key of Object.keys(messages[locale])) builtIns[locale].delete(key);
}

// What could not be formatted, said once per message (a test or the console shows it): the
// page shows the next text that can be, never a message's raw ICU.
const reported = new Set<string>();
function report(locale: Locale, key: string, problem: string): void {
  const said = `${locale} ${key}: ${problem}`;
  if (reported.has(said)) return;
  reported.add(said);
  console.error(`interface message ${said}`);
}

function own(messages: Readonly<Partial<Record<string, MessageSource>>>, key: string) {
  return Object.prototype.hasOwnProperty.call(messages, key) ? messages[key] : undefined;
}

/**
 * ICU messages through intl-messageformat (plural rules per locale: Hebrew has one, two and
 * other), with run-time overrides (applicationText, checked by the server: overrides.ts) taking
 * precedence. Each message is compiled once. A message that cannot be compiled gives way to the
 * next: the override to the language's catalogue, that to the English one; a key no catalogue
 * has prints as itself (a page's strings may be registered later).
 */
export function createTranslator(locale: Locale, overrides: MessageOverrides = {}): Translate {
  const compiledOverrides = new Map<string, FormatMessage | null>();
  const compile = (key: string, source: MessageSource, language: Locale) => {
    try {
      return compileMessage(source, language, (name) =>
        report(language, key, `no value for "${name}"`),
      );
    } catch (error) {
      report(language, key, error instanceof Error ? error.message : String(error));
      return null;
    }
  };
  const builtIn = (key: string, language: Locale): FormatMessage | null => {
    const kept = builtIns[language].get(key);
    if (kept) return kept;
    const source = own(catalogs[language], key) ?? own(registered[language], key);
    if (source === undefined) return null;
    const compiled = compile(key, source, language);
    if (compiled) builtIns[language].set(key, compiled);
    return compiled;
  };
  return (key, values) => {
    let override = compiledOverrides.get(key);
    if (override === undefined) {
      const source = own(overrides, key);
      override = source === undefined ? null : compile(key, source, locale);
      compiledOverrides.set(key, override);
    }
    const attempt = (format: FormatMessage | null, language: Locale): string | undefined => {
      if (!format) return undefined;
      try {
        return format(values);
      } catch (error) {
        report(language, key, error instanceof Error ? error.message : String(error));
        return undefined;
      }
    };
    return (
      attempt(override, locale) ??
      attempt(builtIn(key, locale), locale) ??
      (locale === 'en' ? undefined : attempt(builtIn(key, 'en'), 'en')) ??
      key
    );
  };
}
