import { ApiError } from '@mepedia/web-api';

// A member verified a moment ago may not be known yet to a service that learns of members by
// events (the circles service answers CIRCLE_ACCOUNT_PENDING until it hears of them: at once in
// one process, within a second or so in services mode, longer on a busy machine). The same call
// a moment later works, so a page tries it again a few times before it says so.

/** The waits between tries, in ms: some 7.5 s in all. */
export const PENDING_RETRIES_MS = [500, 1000, 2000, 4000] as const;

/**
 * `call`, tried again after each of PENDING_RETRIES_MS while it answers CIRCLE_ACCOUNT_PENDING;
 * any other answer (or the last refusal) is the caller's. `onWait` runs before each wait (to say
 * so); `stop` ends the tries early (the page went away), with the refusal.
 */
export async function whileAccountPending<T>(
  call: () => Promise<T>,
  options: { onWait?: () => void; stop?: () => boolean } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const wait = PENDING_RETRIES_MS[attempt];
      const pending = error instanceof ApiError && error.code === 'CIRCLE_ACCOUNT_PENDING';
      if (!pending || wait === undefined || options.stop?.()) throw error;
      options.onWait?.();
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
