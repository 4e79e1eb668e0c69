import { useEffect, useSyncExternalStore } from 'react';

export const RANDOM_IDENTIFIER_KEY = 'randomIdentifier';
const CHUNK_RELOAD_KEY = 'mepedia:chunk-reload-at';
const CHUNK_RELOAD_WINDOW_MS = 60_000;

/** 24 random hex characters, kept in local storage: lets a guest's views and likes count once. */
export function ensureRandomIdentifier(storage: Pick<Storage, 'getItem' | 'setItem'>): string {
  const existing = storage.getItem(RANDOM_IDENTIFIER_KEY);
  if (existing && /^[0-9a-f]{24}$/.test(existing)) return existing;
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  storage.setItem(RANDOM_IDENTIFIER_KEY, id);
  return id;
}

/** "Loading chunk failed" after a deploy: reload the page, at most once a minute. */
export function isChunkLoadError(message: string): boolean {
  return /Loading chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
    message,
  );
}

export function shouldReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt > CHUNK_RELOAD_WINDOW_MS;
}

function subscribeOnline(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/** Link prefetching: on intent, unless offline, on 2g, or the visitor asked to save data. */
export function usePrefetchMode(): 'intent' | 'none' {
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  if (!online) return 'none';
  if (typeof navigator !== 'undefined') {
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    if (connection?.saveData || connection?.effectiveType?.endsWith('2g')) return 'none';
  }
  return 'intent';
}

/** Browser-only duties that render nothing. */
export function ClientEffects() {
  useEffect(() => {
    // The page now answers clicks: browser tests (and anything else) can wait for this.
    document.documentElement.dataset['hydrated'] = 'true';
    try {
      ensureRandomIdentifier(window.localStorage);
    } catch {
      // storage blocked: guests simply are not tracked
    }
    const onError = (message: string) => {
      if (!isChunkLoadError(message)) return;
      const last = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)) || null;
      if (!shouldReloadForChunk(last, Date.now())) return;
      window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
      window.location.reload();
    };
    const errorListener = (event: ErrorEvent) => onError(event.message ?? '');
    const rejectionListener = (event: PromiseRejectionEvent) =>
      onError(event.reason instanceof Error ? event.reason.message : String(event.reason));
    window.addEventListener('error', errorListener);
    window.addEventListener('unhandledrejection', rejectionListener);
    return () => {
      window.removeEventListener('error', errorListener);
      window.removeEventListener('unhandledrejection', rejectionListener);
    };
  }, []);
  return null;
}
