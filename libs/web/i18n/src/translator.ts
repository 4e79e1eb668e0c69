import { compileMessage, type CompiledMessage } from './format';
import type { Locale } from './locales';
import { en, type CoreMessageKey, type MessageKey } from './messages/en';
import { he } from './messages/he';

export type Messages = Record<CoreMessageKey, string>;
export type MessageOverrides = Partial<Record<string, string>>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export const catalogs: Record<Locale, Messages> = { en, he };

/** One page's own strings in both languages (messages/<page>.ts). */
export type PageMessages = {
  en: Readonly<Record<string, string>>;
  he: Readonly<Record<string, string>>;
};

// The strings pages bring with them: every page needs the catalogue above, but only the settings
// page needs the settings page's strings, so they load with its route, not with every page.
const registered: Record<Locale, Record<string, string>> = { en: {}, he: {} };

/**
 * Adds a page's strings to every translator (a route module calls it when it loads, before
 * anything on the page is drawn: on the server, and in the browser before hydration).
 */
export function registerMessages(messages: PageMessages): void {
  Object.assign(registered.en, messages.en);
  Object.assign(registered.he, messages.he);
}

/**
 * ICU messages (plural rules per locale: Hebrew has one, two, many and other),
 * with run-time overrides (applicationText) taking precedence. Formatters are
 * compiled once per message.
 */
export function createTranslator(locale: Locale, overrides: MessageOverrides = {}): Translate {
  const cache = new Map<string, CompiledMessage>();
  return (key, values) => {
    let formatter = cache.get(key);
    if (!formatter) {
      const known = (catalog: Readonly<Record<string, string>>): string | undefined => catalog[key];
      const source =
        overrides[key] ??
        known(catalogs[locale]) ??
        known(registered[locale]) ??
        known(catalogs.en) ??
        known(registered.en);
      // Not (yet) known: the key itself, not kept, so a page's strings registered later count.
      if (source === undefined) return key;
      try {
        formatter = compileMessage(source, locale);
      } catch {
        formatter = () => source;
      }
      cache.set(key, formatter);
    }
    return formatter(values);
  };
}
