import type { Language } from '@mepedia/contracts';
import { DEFAULT_LANGUAGE, isLanguage } from '@mepedia/contracts/browser';

export type Locale = Language;
export const LOCALES: readonly Locale[] = ['en', 'he'];
export const DEFAULT_LOCALE: Locale = DEFAULT_LANGUAGE;
/** The locale cookie's life: 365 days. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const LOCALE_INFO: Record<
  Locale,
  { label: string; enLabel: string; direction: 'ltr' | 'rtl' }
> = {
  en: { label: 'English', enLabel: 'English', direction: 'ltr' },
  he: { label: 'עברית', enLabel: 'Hebrew', direction: 'rtl' },
};

export function direction(locale: Locale): 'ltr' | 'rtl' {
  return LOCALE_INFO[locale].direction;
}

/**
 * A path on this site: exactly one leading slash. Browsers read `//host` and `/\host` as
 * another site, so a path taken from a request could otherwise redirect or link away.
 */
export function sameSitePath(path: string): string {
  // Leading slashes, backslashes and the tabs and newlines that URL parsers skip.
  return `/${path.replace(/^[/\\\t\n\r]+/, '')}`;
}

/** `/he/about` -> `{ locale: 'he', path: '/about' }`; the default locale has no prefix. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const match = /^\/(he)(?=\/|$)/.exec(pathname);
  if (match && isLanguage(match[1]))
    return { locale: match[1], path: sameSitePath(pathname.slice(3)) };
  return { locale: DEFAULT_LOCALE, path: sameSitePath(pathname) };
}

/** A path in a locale: `/about` -> `/he/about` for Hebrew, unchanged for English. */
export function localizePath(path: string, locale: Locale): string {
  const bare = splitLocale(path).path;
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`;
}

/** The first supported language the browser asks for, by weight. */
export function preferredLocale(acceptLanguage: string | null | undefined): Locale | undefined {
  if (!acceptLanguage) return undefined;
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'iw') return 'he';
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

export type LocaleDecision = { locale: Locale; redirect?: string; rememberLocale?: Locale };

/**
 * Which locale a request renders in, per the spec: the path's locale, unless
 * `?lang=` asks for another (it wins: redirect there and remember it); at the
 * root only, a visitor with no saved choice whose browser prefers Hebrew is
 * sent to /he.
 */
export function resolveLocale(input: {
  pathname: string;
  search: string;
  cookieLocale: string | undefined;
  acceptLanguage: string | null | undefined;
}): LocaleDecision {
  const { locale, path } = splitLocale(input.pathname);
  const params = new URLSearchParams(input.search);
  const asked = params.get('lang');
  if (isLanguage(asked)) {
    // Remember the choice and drop the parameter from the address.
    params.delete('lang');
    const rest = params.toString();
    return {
      locale: asked,
      redirect: `${localizePath(path, asked)}${rest ? `?${rest}` : ''}`,
      rememberLocale: asked,
    };
  }
  if (input.pathname === '/' && !isLanguage(input.cookieLocale)) {
    const preferred = preferredLocale(input.acceptLanguage);
    if (preferred && preferred !== DEFAULT_LOCALE)
      return { locale: preferred, redirect: localizePath('/', preferred) };
  }
  if (
    input.pathname === '/' &&
    isLanguage(input.cookieLocale) &&
    input.cookieLocale !== DEFAULT_LOCALE
  ) {
    return { locale: input.cookieLocale, redirect: localizePath('/', input.cookieLocale) };
  }
  return { locale };
}
