import { isValidationMessageKey, validationMessage, type FieldIssue } from '@mepedia/contracts';
import { errorMessage } from '@mepedia/messages/errors';
import { ApiError } from '@mepedia/web-api';
import { createTranslator, type Locale, type MessageKey } from '@mepedia/web-i18n';

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

/**
 * A form's error in words: a code (the contracts' or the server's) in the user's language, or
 * the server's own words as they came. Codes stay codes in the form's state and are worded as
 * the page is drawn, in the language it is drawn in.
 */
export function errorText(
  error: { message?: string | undefined } | undefined,
  locale: Locale,
): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  return PASSWORD_MESSAGES.has(message) || isValidationMessageKey(message)
    ? codeMessage(message, locale)
    : message;
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
    // The code's words from the error catalogue (libs/messages/src/errors.ts) in the page's
    // language, which may not be the one the server answered in; the server's own words for a
    // code the catalogue does not have.
    return { message: errorMessage(error.code, locale) ?? error.message, fields };
  }
  return { message: errorMessage('INTERNAL', locale) ?? '', fields: {} };
}

/** A text field of a submitted form ('' when absent or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
