import type { TranslationStatus } from '@mepedia/contracts';
import { createApi } from '@mepedia/web-api';
import type { WebContext } from './context';
import { kept } from './kept.server';

/**
 * Whether machine translation is offered (`posts/translationStatus`, our addition), kept by the
 * web server: read once, then again at most once a minute (it changes only when the posts
 * service is configured anew), so a page costs no call for it. Unknown (a failed read): not
 * offered, and asked again after TRANSLATION_STATUS_RETRY_MS.
 */
export const TRANSLATION_STATUS_TTL_MS = 60_000;
export const TRANSLATION_STATUS_RETRY_MS = 10_000;

const status = kept<boolean>({
  ttlMs: TRANSLATION_STATUS_TTL_MS,
  retryMs: TRANSLATION_STATUS_RETRY_MS,
  fallback: false,
});

/** Forget what is kept (tests). */
export function resetTranslationStatus(): void {
  status.reset();
}

export function translationAvailable(
  read: () => Promise<TranslationStatus>,
  now = Date.now(),
): Promise<boolean> {
  return status.get(async () => (await read()).available, now);
}

/** For a loader: the status as the web server keeps it, read through the API when due. */
export function loaderTranslationAvailable(context: { web: WebContext }): Promise<boolean> {
  return translationAvailable(() =>
    createApi({
      baseUrl: context.web.apiBaseUrl,
      ...(context.web.apiFetch ? { fetch: context.web.apiFetch } : {}),
    }).posts.translationStatus(),
  );
}
