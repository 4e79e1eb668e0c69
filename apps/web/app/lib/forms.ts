import { errorCatalog, isErrorCode, validationMessage, type FieldIssue } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import type { Locale } from '@mepedia/web-i18n';
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** A schema's issues, one message per field, in the user's language. */
export function fieldErrors(error: z.ZodError, locale: Locale): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= validationMessage(issue.message, locale);
  }
  return errors;
}

/** What to tell the user about a failed call: the code's message in their language, and field errors if any. */
export function describeApiError(
  error: unknown,
  locale: Locale,
): { message: string; fields: FieldErrors } {
  if (error instanceof ApiError) {
    const fields: FieldErrors = {};
    if (Array.isArray(error.envelope.details)) {
      for (const issue of error.envelope.details as FieldIssue[])
        fields[issue.field] ??= validationMessage(issue.code, locale);
    }
    const message = isErrorCode(error.code) ? errorCatalog[error.code][locale] : error.message;
    return { message, fields };
  }
  return { message: errorCatalog.INTERNAL[locale], fields: {} };
}

export type PasswordStrength = 'weak' | 'fair' | 'strong';

export function passwordStrength(
  password: string,
  isStrong: (p: string) => boolean,
): PasswordStrength {
  if (isStrong(password)) return 'strong';
  if (password.length >= 6 && /\p{L}/u.test(password) && /\p{Nd}/u.test(password)) return 'fair';
  return 'weak';
}

/** A text field of a submitted form ('' when absent or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
