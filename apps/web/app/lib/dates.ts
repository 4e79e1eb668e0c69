import type { Locale } from '@mepedia/web-i18n';

const intlLocale = (locale: Locale) => (locale === 'he' ? 'he-IL' : 'en-GB');

/**
 * One formatter of each kind per language, made once: making an Intl formatter costs far more
 * than using one, and a page drawn for a member made dozens (its dates and counts).
 */
function cached<F>(make: (locale: Locale) => F): (locale: Locale) => F {
  const made = new Map<Locale, F>();
  return (locale) => {
    let formatter = made.get(locale);
    if (!formatter) made.set(locale, (formatter = make(locale)));
    return formatter;
  };
}

const dateFormat = cached(
  (locale) => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium' }),
);
const relativeFormat = cached(
  (locale) => new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' }),
);

const dateTimeFormat = cached(
  (locale) =>
    new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }),
);

/** "22 Nov 2026, 14:05": a moment to the minute (a suspension's end), in the reader's zone. */
export function absoluteDateTime(iso: string, locale: Locale): string {
  return dateTimeFormat(locale).format(new Date(iso));
}

/** The page's language's number format: "1,234" / "1,234". */
export const numberFormat = cached((locale) => new Intl.NumberFormat(intlLocale(locale)));

/** "22 Nov 2026" / "22 בנוב׳ 2026": a date in full, for a title or a long list. */
export function absoluteDate(iso: string, locale: Locale): string {
  return dateFormat(locale).format(new Date(iso));
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "3 days ago", "yesterday", "לפני 3 ימים", "אתמול": how long ago, in the page's language, in the
 * largest unit that fits (under a minute: "now").
 */
export function relativeDate(iso: string, locale: Locale, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = relativeFormat(locale);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
