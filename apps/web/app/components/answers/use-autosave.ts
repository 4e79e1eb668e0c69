import type { AnswerData } from '@mepedia/contracts';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  AutosaveController,
  type AutosaveState,
  type DraftSnapshot,
  type DraftStorage,
} from './autosave';

function deviceStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The draft's autosave for one question (AutosaveController in React): restores text left on
 * this device after hydration, retries when the browser comes back online, and sends what is
 * pending when the page goes away.
 */
export function useAutosave(options: {
  initial: DraftSnapshot;
  /** When the server's draft was last written (ISO), to tell whether device text is newer. */
  serverUpdatedAt: string | null;
  storageKey: string;
  save: (data: AnswerData, version: number) => Promise<DraftSnapshot>;
  loadLatest: () => Promise<DraftSnapshot | null>;
}): { controller: AutosaveController; state: AutosaveState } {
  const save = useRef(options.save);
  save.current = options.save;
  const loadLatest = useRef(options.loadLatest);
  loadLatest.current = options.loadLatest;
  const [controller] = useState(
    () =>
      new AutosaveController({
        initial: options.initial,
        save: (data, version) => save.current(data, version),
        loadLatest: () => loadLatest.current(),
        storage: deviceStorage(),
        storageKey: options.storageKey,
      }),
  );
  const state = useSyncExternalStore(
    controller.subscribe,
    controller.getState,
    controller.getState,
  );

  const updatedAt = options.serverUpdatedAt ? Date.parse(options.serverUpdatedAt) : 0;
  useEffect(() => {
    // After hydration: the server rendered the server's draft, the device may know better.
    controller.restore(Number.isNaN(updatedAt) ? 0 : updatedAt);
  }, [controller, updatedAt]);

  useEffect(() => {
    const online = () => controller.retryNow();
    const hidden = () => {
      if (document.visibilityState === 'hidden') void controller.flush();
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', hidden);
      // Leaving for another question: what is pending goes now (it is on the device meanwhile).
      void controller.flush();
    };
  }, [controller]);

  return { controller, state };
}
