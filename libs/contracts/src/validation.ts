import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import type { LanguageCode as Language, Localized } from './locale';
import { PASSWORD_MAX, PASSWORD_MIN, passwordRuleProblem } from './password-rule';
import { requiredError } from './zod-helpers';

// Field-level messages. Schemas put the key in the zod issue's message; the
// server's error filter and the web forms turn the key into the user's language.
export const validationMessages = {
  FIELD_REQUIRED: { en: 'Field is required', he: 'שדה חובה' },
  INVALID_VALUE: { en: 'The value is not valid', he: 'הערך אינו תקין' },
  PASSWORD_RULES: {
    en: 'Password must be 8 to 64 characters long (any characters, spaces too)',
    he: 'הסיסמה צריכה להכיל בין 8 ל-64 תווים (כל תו מותר, גם רווחים)',
  },
  PASSWORD_TOO_COMMON: {
    en: 'This password is too common and easy to guess. Please choose another',
    he: 'זו סיסמה נפוצה מדי וקל לנחש אותה. כדאי לבחור סיסמה אחרת',
  },
  EMAIL_INVALID: { en: 'Email is not valid', he: 'כתובת האימייל אינה תקינה' },
  PHONE_INVALID: { en: 'Phone number is not valid', he: 'מספר הטלפון אינו תקין' },
  URL_INVALID: { en: 'Link is not valid', he: 'הקישור אינו תקין' },
  VIDEO_URL_INVALID: {
    en: 'Video link must be a valid YouTube link',
    he: 'קישור הווידאו חייב להיות קישור תקין ל-YouTube',
  },
  NAME_ENGLISH_ONLY: { en: 'English letters only', he: 'אותיות באנגלית בלבד' },
  NAME_HEBREW_ONLY: { en: 'Hebrew letters only', he: 'אותיות בעברית בלבד' },
  MAX_50_CHARACTERS: { en: 'At most 50 characters', he: 'עד 50 תווים' },
  TOO_LONG: { en: 'The text is too long', he: 'הטקסט ארוך מדי' },
  UNKNOWN_NOTIFICATION_KIND: {
    en: 'There is no such kind of notification',
    he: 'אין סוג התראה כזה',
  },
  TERMS_REQUIRED: {
    en: 'You must accept the terms of service',
    he: 'יש לאשר את תנאי השימוש',
  },
  DATE_INVALID: { en: 'Date is not valid', he: 'התאריך אינו תקין' },
  VERIFY_CODE_FORMAT: { en: 'The code has 6 digits', he: 'הקוד מכיל 6 ספרות' },
  CONTENT_TOO_SHORT: { en: 'The text is too short', he: 'הטקסט קצר מדי' },
  UNSUPPORTED_CHARACTER: {
    en: 'The text has a character that cannot be kept (a null or broken character)',
    he: 'הטקסט מכיל תו שאי אפשר לשמור (תו ריק או תו פגום)',
  },
  IMAGE_NOT_UPLOADED: {
    en: 'Upload the image here; links to images elsewhere are not accepted',
    he: 'יש להעלות את התמונה לכאן; קישורים לתמונות במקום אחר אינם מתקבלים',
  },
  QUESTIONNAIRE_ONLY: {
    en: 'Only publishing a questionnaire answer sets this',
    he: 'רק פרסום של תשובה לשאלון קובע את זה',
  },
} as const satisfies Record<string, Localized>;

export type ValidationMessageKey = keyof typeof validationMessages;

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return (
    typeof value === 'string' && Object.prototype.hasOwnProperty.call(validationMessages, value)
  );
}

export function validationMessage(key: string, language: Language): string {
  return isValidationMessageKey(key)
    ? validationMessages[key][language]
    : validationMessages.INVALID_VALUE[language];
}

export function requiredText(max = 200) {
  return z
    .string({ error: requiredError })
    .trim()
    .min(1, 'FIELD_REQUIRED')
    .max(max, max === 50 ? 'MAX_50_CHARACTERS' : 'TOO_LONG');
}

// The password rule lives in password-rule.ts (no zod there: the web's forms check it too).
export {
  PASSWORD_MAX,
  PASSWORD_MIN,
  STRONG_PASSWORD_LENGTH,
  passwordLength,
  passwordRuleProblem,
  passwordStrength,
  type PasswordStrength,
} from './password-rule';

export const Password = z
  .string({ error: requiredError })
  .min(1, 'FIELD_REQUIRED')
  .refine((value) => passwordRuleProblem(value) === null, 'PASSWORD_RULES')
  .meta({
    minLength: PASSWORD_MIN,
    maxLength: PASSWORD_MAX,
    description:
      '8 to 64 characters counted as code points (an emoji or a Hebrew letter is one), any characters, spaces too; common passwords are refused (PASSWORD_TOO_COMMON).',
  });

export const Email = z
  .string({ error: requiredError })
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(254, 'TOO_LONG')
  .pipe(z.email('EMAIL_INVALID'))
  .transform((email) => email.toLowerCase())
  .meta({ format: 'email', description: 'An email address; trimmed and stored lower-cased.' });

// Letters of one script, words joined by a space, hyphen or apostrophe
// (O'Brien, Mary-Jane, ג'ורג'). Hebrew may carry niqqud.
const englishName = /^[A-Za-z]+(?:[ '’-][A-Za-z]+)*$/;
const hebrewLetter = '[\\u05D0-\\u05EA][\\u05B0-\\u05BC\\u05C1\\u05C2]*';
const hebrewName = new RegExp(
  `^(?:${hebrewLetter})+(?:[ '’׳"״-]?(?:${hebrewLetter})+)*['’׳]?$`,
  'u',
);

export const PersonName = requiredText(50).describe(
  "Letters of the interface language's script (English: A-Z; Hebrew: Hebrew letters, niqqud and geresh allowed), words joined by a space, hyphen or apostrophe.",
);

export function nameScriptError(name: string, language: Language): ValidationMessageKey | null {
  if (language === 'he') return hebrewName.test(name) ? null : 'NAME_HEBREW_ONLY';
  return englishName.test(name) ? null : 'NAME_ENGLISH_ONLY';
}

export const PhonePrefix = z
  .string({ error: requiredError })
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .regex(/^\+?\d{1,4}$/, 'PHONE_INVALID')
  .transform((prefix) => (prefix.startsWith('+') ? prefix : `+${prefix}`))
  .describe('The country calling code, with or without `+` (`+972`, `972`).');

export const PhoneNumber = z
  .string({ error: requiredError })
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .transform((phone) => phone.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\d{4,15}$/, 'PHONE_INVALID'))
  .describe(
    '4 to 15 digits once spaces, dots, dashes and parentheses are removed; with its prefix it must be a real number for that country. Stored without the trunk zero (`050-123 4567` is `501234567`).',
  );

/** The national number without a trunk prefix (050-123 4567 -> 501234567), so one phone is one account. */
export function normalizePhoneNumber(prefix: string, phone: string): string {
  return parsePhoneNumberFromString(`${prefix}${phone}`)?.nationalNumber ?? phone;
}

/** Prefix and number together must form a real number for that country. */
export function phoneNumberError(prefix: string, phone: string): ValidationMessageKey | null {
  return isValidPhoneNumber(`${prefix}${phone}`) ? null : 'PHONE_INVALID';
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const youtubeUrl =
  /^https?:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)[\w-]{11}(?:[?&#][^\s]*)?$/;

/** An optional link: an empty string clears it (stored as null). */
export const OptionalWebUrl = z
  .string({ error: 'INVALID_VALUE' })
  .trim()
  .max(2048, 'TOO_LONG')
  .refine((value) => value === '' || isWebUrl(value), 'URL_INVALID')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional()
  .describe('An http(s) link to a dotted host name; an empty string or null clears it.');

export const OptionalVideoUrl = z
  .string({ error: 'INVALID_VALUE' })
  .trim()
  .max(2048, 'TOO_LONG')
  .refine((value) => value === '' || youtubeUrl.test(value), 'VIDEO_URL_INVALID')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional()
  .describe('A YouTube video link; an empty string or null clears it.');

/** Short free text (moto, about me): at most 50 characters; empty clears it. */
export const OptionalShortText = z
  .string({ error: 'INVALID_VALUE' })
  .trim()
  .max(50, 'MAX_50_CHARACTERS')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional()
  .describe('At most 50 characters after trimming; an empty string or null clears it.');

/** A calendar date (YYYY-MM-DD, or an ISO timestamp whose date part is used) in the past. */
export const Birthdate = z
  .string({ error: requiredError })
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .transform((value) => value.slice(0, 10))
  .refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
    return date.getUTCFullYear() >= 1900 && date.getTime() < Date.now();
  }, 'DATE_INVALID')
  .describe(
    'A date in the past, from 1900: `YYYY-MM-DD`, or an ISO 8601 timestamp whose date part is used.',
  );
