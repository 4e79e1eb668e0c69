import type { TranslationStatus } from '@mepedia/contracts';
import { createApi } from '@mepedia/web-api';
import type { WebContext } from './context';

/**
 * Whether machine translation is offered (`posts/translationStatus`, our addition), kept by the
 * web server: read once, then again at most once a minute (it changes only when the posts
 * service is configured anew), so a page costs no call for it. Unknown (a failed read): not
 * offered, and asked again after TRANSLATION_STATUS_RETRY_MS.
 */
export const TRANSLATION_STATUS_TTL_MS = 60_000;
export const TRANSLATION_STATUS_RETRY_MS = 10_000;

type Store = { current?: { available: boolean; expires: number }; loading?: Promise<void> };

let store: Store = {};

/** Forget what is kept (tests). */
export function resetTranslationStatus(): void {
  store = {};
}

export async function translationAvailable(
  read: () => Promise<TranslationStatus>,
  now = Date.now(),
): Promise<boolean> {
  const own = store;
  if (own.current && now < own.current.expires) return own.current.available;
  own.loading ??= read()
    .then((status) => {
      own.current = { available: status.available, expires: now + TRANSLATION_STATUS_TTL_MS };
    })
    .catch(() => {
      own.current = {
        available: own.current?.available ?? false,
        expires: now + TRANSLATION_STATUS_RETRY_MS,
      };
    })
    .finally(() => {
      own.loading = undefined;
    });
  // An expired answer serves while one read renews it; the first page waits for the first.
  if (own.current) return own.current.available;
  await own.loading;
  // Set by the read just awaited (TypeScript cannot see that through the await).
  const settled = own.current as Store['current'];
  return settled?.available ?? false;
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
