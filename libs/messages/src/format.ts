import { IntlMessageFormat, type Formatters } from 'intl-messageformat';
import {
  PARSE_OPTIONS,
  isPlainText,
  messageArguments,
  parseMessage,
  type MessageSource,
} from './message';

export type MessageValues = Readonly<Record<string, string | number>>;
export type FormatMessage = (values?: MessageValues) => string;
export type CatalogueFormatter<Key extends string> = (key: Key, values?: MessageValues) => string;

// Intl's formatters, made once per language and options for every message: making one costs far
// more than using it, and intl-messageformat would otherwise make its own for each message.
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();
function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(
  key: string,
  make: () => T,
): T {
  let formatter = made.get(key) as T | undefined;
  if (!formatter) made.set(key, (formatter = make()));
  return formatter;
}
const formatters: Formatters = {
  getNumberFormat: (locales, options) =>
    kept(
      `number ${JSON.stringify([locales, options])}`,
      () => new Intl.NumberFormat(locales, options as Intl.NumberFormatOptions),
    ),
  getDateTimeFormat: (...args) =>
    kept(`date ${JSON.stringify(args)}`, () => new Intl.DateTimeFormat(...args)),
  getPluralRules: (...args) =>
    kept(`plural ${JSON.stringify(args)}`, () => new Intl.PluralRules(...args)),
};

/**
 * One message, ready to format in `locale` (intl-messageformat: plural rules per language, so
 * Hebrew has one, two and other; `#` and `{n, number}` in the language's digits and grouping;
 * a plain `{year}` printed as given). A string is parsed here unless it is plain text; the web
 * app's browser build has no parser and gets its messages parsed already.
 *
 * A value the caller left out prints as nothing, never as `{name}` (and is reported through
 * `onMissing`): the page still reads.
 */
export function compileMessage(
  source: MessageSource,
  locale: string,
  onMissing?: (name: string) => void,
): FormatMessage {
  if (typeof source === 'string' && isPlainText(source)) return () => source;
  const elements = typeof source === 'string' ? parseMessage(source) : source;
  const names = [...messageArguments(elements).keys()];
  const message = new IntlMessageFormat(elements, locale, undefined, {
    ...PARSE_OPTIONS,
    formatters,
  });
  return (values = {}) => {
    let given = values;
    for (const name of names) {
      if (Object.prototype.hasOwnProperty.call(given, name)) continue;
      onMissing?.(name);
      given = { ...given, [name]: '' };
    }
    const out = message.format<string>(given);
    return Array.isArray(out) ? out.join('') : String(out);
  };
}

/**
 * `(key, values) => text` over one catalogue in one language, each message compiled once. A key
 * the catalogue does not have is an error: the callers' keys are typed.
 */
export function catalogueFormatter<Key extends string>(
  catalogue: Readonly<Record<Key, MessageSource>>,
  locale: string,
): CatalogueFormatter<Key> {
  const compiled = new Map<Key, FormatMessage>();
  return (key, values) => {
    let format = compiled.get(key);
    if (!format) {
      const source = catalogue[key] as MessageSource | undefined;
      if (source === undefined) throw new Error(`no message "${key}" in the ${locale} catalogue`);
      format = compileMessage(source, locale, (name) => {
        throw new Error(`the message "${key}" needs a value for "${name}"`);
      });
      compiled.set(key, format);
    }
    return format(values);
  };
}
