import type { z } from 'zod';
import { requiredEnum } from './zod-helpers';

export const LANGUAGES = ['en', 'he'] as const;
export const Language = requiredEnum(LANGUAGES);
export type Language = z.infer<typeof Language>;

export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'he';
}

export type Localized = Record<Language, string>;

/** The web app's locale cookie (365 days); servers read it to answer in the user's language. */
export const LOCALE_COOKIE = 'mepedia_locale';
