import { errorMessage } from '@mepedia/messages/errors';
import { ApiError } from '@mepedia/web-api';
import type { Locale } from '@mepedia/web-i18n';
import type { SearchFailure } from '../components/search/results';
import type { WebContext } from './context';
import { keptQuestionnaire } from './site-reads.server';

/**
 * A search the service refused or could not make, for the page to say: the status, and the
 * code's words from the error catalogue in the page's language (which may not be the one the
 * service answered in), else the service's own words. Anything that is not the API's answer
 * (the network) says the generic words, as a service that is away.
 */
export function searchFailure(error: unknown, locale: Locale): SearchFailure {
  if (error instanceof ApiError)
    return { status: error.status, message: errorMessage(error.code, locale) ?? null };
  return { status: 503, message: null };
}

/**
 * The questionnaire's questions' places, by question id (an answer found links to its place on
 * its owner's "me"): kept by the web server, not read per search. Without them, an answer links
 * to the owner's first.
 */
export async function questionPlaces(context: { web: WebContext }) {
  const questions = await keptQuestionnaire(context).catch(() => []);
  return Object.fromEntries(questions.map((question) => [question.questionId, question.index]));
}
