import type { ProfileQuestion } from '@mepedia/contracts';
import { createApi } from '@mepedia/web-api';
import type { WebContext } from './context';
import { kept } from './kept.server';

// What every page or every member's home would otherwise ask the services for on each draw,
// although it is the same for everyone: kept by the web server (kept.server.ts) and read as a
// guest reads it.

/** How many members published: the footer's count, a few seconds behind at most. */
export const PUBLISHED_COUNT_TTL_MS = 5_000;
/** The questionnaire's questions (fixed; read again now and then in case the site changed them). */
export const QUESTIONNAIRE_TTL_MS = 60_000;
const RETRY_MS = 5_000;

const publishedCount = kept<number>({ ttlMs: PUBLISHED_COUNT_TTL_MS, retryMs: RETRY_MS });
const questionnaire = kept<ProfileQuestion[]>({ ttlMs: QUESTIONNAIRE_TTL_MS, retryMs: RETRY_MS });

/** The API as the web server itself, with no visitor's cookie. */
const siteApi = (context: { web: WebContext }) =>
  createApi({
    baseUrl: context.web.apiBaseUrl,
    ...(context.web.apiFetch ? { fetch: context.web.apiFetch } : {}),
  });

export function keptPublishedCount(context: { web: WebContext }): Promise<number> {
  return publishedCount.get(async () => {
    const answer = await siteApi(context).users.getPublishedProfilesAmount();
    return answer.publishedProfilesAmount;
  });
}

/** The questionnaire's questions, in their order. */
export function keptQuestionnaire(context: { web: WebContext }): Promise<ProfileQuestion[]> {
  return questionnaire.get(async () =>
    [...(await siteApi(context).profileQuestions.getQuestions())].sort((a, b) => a.index - b.index),
  );
}

/** Forget what is kept (tests). */
export function resetSiteReads(): void {
  publishedCount.reset();
  questionnaire.reset();
}
