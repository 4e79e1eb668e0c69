// Plain constants and helpers, free of zod, so the web app's every-page bundle
// can use them without carrying the schema library (see language.ts for the schema).
export const LANGUAGES = ['en', 'he'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export function isLanguage(value: unknown): value is LanguageCode {
  return value === 'en' || value === 'he';
}

export type Localized = Record<LanguageCode, string>;

/** The web app's locale cookie (365 days); servers read it to answer in the user's language. */
export const LOCALE_COOKIE = 'mepedia_locale';
