import { errorCatalog, isErrorCode, validationMessage, type FieldIssue } from '@mepedia/contracts';
import { passwordLength, passwordRuleProblem } from '@mepedia/contracts/browser';
import { ApiError } from '@mepedia/web-api';
import { createTranslator, type Locale, type MessageKey } from '@mepedia/web-i18n';
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

// The server's password rule (NIST SP 800-63B, OWASP ASVS 5.0 level 2) is the contracts' own
// function: length only, counted in characters (code points, as the server counts), any
// characters including spaces; the server also refuses common passwords, which only it can check.

/** The server's password codes, worded by the web catalogues (same text on every form). */
const PASSWORD_MESSAGES = new Map<string, MessageKey>([
  ['PASSWORD_RULES', 'password.rules'],
  ['PASSWORD_TOO_COMMON', 'password.tooCommon'],
]);

/** A validation code's message in the user's language, password codes included. */
export function codeMessage(code: string, locale: Locale): string {
  const key = PASSWORD_MESSAGES.get(code);
  return key ? createTranslator(locale)(key) : validationMessage(code, locale);
}

/** What is wrong with a new password by the server's rule, or null. */
export function passwordProblem(password: string): 'FIELD_REQUIRED' | 'PASSWORD_RULES' | null {
  return passwordRuleProblem(password);
}

/** A schema's issues, one message per field, in the user's language. */
export function fieldErrors(error: z.ZodError, locale: Locale): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= codeMessage(issue.message, locale);
  }
  return errors;
}

/**
 * What to tell the user about a failed call: the code's message in their language, and field
 * errors if any. A password refusal without field details lands on `passwordField`.
 */
export function describeApiError(
  error: unknown,
  locale: Locale,
  options: { passwordField?: string } = {},
): { message: string; fields: FieldErrors } {
  if (error instanceof ApiError) {
    const fields: FieldErrors = {};
    let passwordMessage: string | undefined;
    if (Array.isArray(error.envelope.details)) {
      for (const issue of error.envelope.details as FieldIssue[]) {
        fields[issue.field] ??= codeMessage(issue.code, locale);
        if (PASSWORD_MESSAGES.has(issue.code)) passwordMessage ??= fields[issue.field];
      }
    }
    const passwordKey = PASSWORD_MESSAGES.get(error.code);
    if (passwordKey) {
      passwordMessage = createTranslator(locale)(passwordKey);
      if (Object.keys(fields).length === 0)
        fields[options.passwordField ?? 'password'] = passwordMessage;
    }
    // A refused password says why, not only that some field is wrong.
    if (passwordMessage) return { message: passwordMessage, fields };
    const message = isErrorCode(error.code) ? errorCatalog[error.code][locale] : error.message;
    return { message, fields };
  }
  return { message: errorCatalog.INTERNAL[locale], fields: {} };
}

export type PasswordStrength = 'weak' | 'fair' | 'strong';

/**
 * A hint only, by length, as NIST advises (composition rules do not make passwords stronger):
 * short of the minimum is weak, a long passphrase is strong. The server has the last word.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (passwordProblem(password)) return 'weak';
  return passwordLength(password) >= 15 ? 'strong' : 'fair';
}

/** A text field of a submitted form ('' when absent or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
