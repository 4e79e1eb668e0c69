import { compileMessage, type CompiledMessage } from './format';
import type { Locale } from './locales';
import { en, type MessageKey } from './messages/en';
import { he } from './messages/he';

export type Messages = Record<MessageKey, string>;
export type MessageOverrides = Partial<Record<string, string>>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export const catalogs: Record<Locale, Messages> = { en, he };

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
      const source = overrides[key] ?? catalogs[locale][key] ?? catalogs.en[key] ?? key;
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
