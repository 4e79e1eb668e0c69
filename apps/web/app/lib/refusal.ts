import { ApiError } from '@mepedia/web-api';
import type { Locale } from '@mepedia/web-i18n';

/**
 * Refusals a reading page says in the error catalogue's words rather than its own "could not be
 * done" toast: trying again changes nothing, and the member should know why (issue 35: a block
 * between the reader and the author, either way; a suspension).
 */
const SAID_AS_THEY_ARE = new Set(['MEMBER_BLOCKED', 'ACCOUNT_SUSPENDED']);

/** Whether `error` is a refusal the page says in its own words (`refusalWords`). */
export function isSaidRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && SAID_AS_THEY_ARE.has(error.code);
}

/**
 * A refused call in words, in the page's language (which may not be the one the server answered
 * in): the error catalogue's for its code (libs/messages/src/errors.ts). The catalogue is fetched
 * with the first refusal, not with the reading pages (a post, a profile), which load no form
 * module; the server's own words when the catalogue has none for the code or cannot be fetched,
 * and `fallback` for what is not the API's answer at all (the network).
 */
export async function refusalWords(
  error: unknown,
  locale: Locale,
  fallback: string,
): Promise<string> {
  if (!(error instanceof ApiError)) return fallback;
  try {
    const { errorMessage } = await import('./lazy/error-catalogue');
    return errorMessage(error.code, locale) ?? error.message;
  } catch {
    return error.message || fallback;
  }
}
