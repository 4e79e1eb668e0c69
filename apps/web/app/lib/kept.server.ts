/**
 * A value the web server keeps for every page, read again when it is due rather than on each
 * page: what is the same for every visitor and changes rarely (whether translation is offered,
 * the questionnaire's questions) or may lag a few seconds (how many members published).
 *
 * - The first page waits for the first read; after that, a page gets what is kept.
 * - Past `ttlMs`, the kept value still answers while one read renews it (never two at once).
 * - A failed read keeps the last value (or `fallback`, when there is one) and is tried again
 *   after `retryMs`; with neither, the page gets the failure.
 */
export type Kept<T> = {
  get(read: () => Promise<T>, now?: number): Promise<T>;
  /** Forget what is kept (tests). */
  reset(): void;
};

type Store<T> = {
  current?: { value: T; expires: number } | { failed: Error; expires: number };
  loading?: Promise<void>;
};

export function kept<T>(options: { ttlMs: number; retryMs: number; fallback?: T }): Kept<T> {
  let store: Store<T> = {};
  const hasFallback = 'fallback' in options;

  const renew = (own: Store<T>, read: () => Promise<T>, now: number) =>
    read()
      .then((value) => {
        own.current = { value, expires: now + options.ttlMs };
      })
      .catch((error: unknown) => {
        const last = own.current;
        const expires = now + options.retryMs;
        own.current =
          last && 'value' in last
            ? { value: last.value, expires }
            : hasFallback
              ? { value: options.fallback as T, expires }
              : { failed: error instanceof Error ? error : new Error(String(error)), expires };
      })
      .finally(() => {
        own.loading = undefined;
      });

  const answer = (own: Store<T>): T => {
    const current = own.current;
    if (current && 'value' in current) return current.value;
    throw current?.failed ?? new Error('nothing kept');
  };

  return {
    async get(read, now = Date.now()) {
      const own = store;
      if (own.current && now < own.current.expires) return answer(own);
      own.loading ??= renew(own, read, now);
      if (own.current && 'value' in own.current) return own.current.value;
      await own.loading;
      return answer(own);
    },
    reset() {
      store = {};
    },
  };
}
