import type { Locale } from '@mepedia/web-i18n';

const intlLocale = (locale: Locale) => (locale === 'he' ? 'he-IL' : 'en-GB');

/** "22 Nov 2026" / "22 בנוב׳ 2026": a date in full, for a title or a long list. */
export function absoluteDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium' }).format(new Date(iso));
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
  const format = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
