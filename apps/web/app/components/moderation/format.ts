import type { Locale } from '@mepedia/web-i18n';

const intlLocale = (locale: Locale) => (locale === 'he' ? 'he-IL' : 'en-GB');
const months = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A `YYYY-MM` month (UTC, as the service counts) in the page's language: "November 2026",
 * "נובמבר 2026". Anything else is shown as it came.
 */
export function monthName(month: string, locale: Locale): string {
  if (!/^\d{4}-\d{2}$/.test(month)) return month;
  let format = months.get(locale);
  if (!format)
    months.set(
      locale,
      (format = new Intl.DateTimeFormat(intlLocale(locale), {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })),
    );
  return format.format(new Date(`${month}-01T00:00:00.000Z`));
}

const hours = new Map<Locale, Intl.NumberFormat>();

/** Hours to one decimal at most, in the page's digits ("4.5"). */
export function hoursFormat(value: number, locale: Locale): string {
  let format = hours.get(locale);
  if (!format)
    hours.set(
      locale,
      (format = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 1 })),
    );
  return format.format(value);
}
