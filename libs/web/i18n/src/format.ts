import type { Locale } from './locales';

/**
 * A small ICU MessageFormat formatter: `{name}` arguments, `plural` (with
 * `=N`, the locale's categories and `#`) and `select`, nested. It covers every
 * message in the catalogues at a fraction of a general library's weight.
 */
type Part = string | { arg: string; type?: 'plural' | 'select'; options?: Record<string, Part[]> };

function parse(source: string, start = 0, stopAtBrace = false): { parts: Part[]; end: number } {
  const parts: Part[] = [];
  let text = '';
  let i = start;
  while (i < source.length) {
    const char = source[i];
    if (char === '}' && stopAtBrace) break;
    if (char === "'" && source[i + 1] === "'") {
      text += "'";
      i += 2;
      continue;
    }
    if (char !== '{') {
      text += char;
      i += 1;
      continue;
    }
    if (text) parts.push(text);
    text = '';
    const close = source.indexOf('}', i);
    const comma = source.indexOf(',', i);
    if (comma === -1 || comma > close) {
      parts.push({ arg: source.slice(i + 1, close).trim() });
      i = close + 1;
      continue;
    }
    const arg = source.slice(i + 1, comma).trim();
    const typeEnd = source.indexOf(',', comma + 1);
    const type = source.slice(comma + 1, typeEnd).trim() as 'plural' | 'select';
    const options: Record<string, Part[]> = {};
    let j = typeEnd + 1;
    for (;;) {
      while (/\s/.test(source[j] ?? '')) j += 1;
      if (source[j] === '}') break;
      const open = source.indexOf('{', j);
      const key = source.slice(j, open).trim();
      const inner = parse(source, open + 1, true);
      options[key] = inner.parts;
      j = inner.end + 1;
    }
    parts.push({ arg, type, options });
    i = j + 1;
  }
  if (text) parts.push(text);
  return { parts, end: i };
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** Made once per language: making a formatter costs far more than using one. */
function numberFormatOf(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format;
}
const pluralRules = new Map<Locale, Intl.PluralRules>();

function render(
  parts: Part[],
  locale: Locale,
  values: Record<string, string | number>,
  count?: number,
): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += count === undefined ? part : part.replace(/#/g, numberFormatOf(locale).format(count));
      continue;
    }
    const value = values[part.arg];
    if (!part.type || !part.options) {
      // A plain argument prints as given (a year stays 2026); `#` in a plural is number-formatted.
      out += value === undefined ? `{${part.arg}}` : String(value);
      continue;
    }
    if (part.type === 'plural') {
      const n = Number(value);
      let rules = pluralRules.get(locale);
      if (!rules) {
        rules = new Intl.PluralRules(locale);
        pluralRules.set(locale, rules);
      }
      const chosen =
        part.options[`=${n}`] ?? part.options[rules.select(n)] ?? part.options['other'] ?? [];
      out += render(chosen, locale, values, n);
    } else {
      out += render(
        part.options[String(value)] ?? part.options['other'] ?? [],
        locale,
        values,
        count,
      );
    }
  }
  return out;
}

export type CompiledMessage = (values?: Record<string, string | number>) => string;

export function compileMessage(source: string, locale: Locale): CompiledMessage {
  const { parts } = parse(source);
  return (values = {}) => render(parts, locale, values);
}
