import type { PostDraft, SaveDraftRequest } from '@mepedia/contracts';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { DraftAutosave, type DraftFields, type DraftState } from './draft-autosave';

/**
 * A new post's autosave in React (DraftAutosave): `fields` are the form's values, given on each
 * render; what changed is saved after the pause. What is unsaved goes at once when the tab is
 * hidden, the window loses focus, the page is left or closed. `enabled` false (a published
 * post being edited): nothing is ever saved as a draft.
 */
export function useDraftAutosave(options: {
  enabled: boolean;
  initial: PostDraft | null;
  fields: DraftFields;
  save: (request: SaveDraftRequest) => Promise<PostDraft>;
  loadLatest: (draftId: string) => Promise<PostDraft | null>;
  onCreated: (draftId: string) => void;
}): { autosave: DraftAutosave; state: DraftState } {
  const callbacks = useRef(options);
  callbacks.current = options;
  // A draft made by the save sent as the page was left takes no address: the page is gone.
  const mounted = useRef(false);
  const [autosave] = useState(
    () =>
      new DraftAutosave({
        initial: options.initial,
        fields: options.fields,
        save: (request) => callbacks.current.save(request),
        loadLatest: (draftId) => callbacks.current.loadLatest(draftId),
        onCreated: (draftId) => {
          if (mounted.current) callbacks.current.onCreated(draftId);
        },
      }),
  );
  const state = useSyncExternalStore(autosave.subscribe, autosave.getState, autosave.getState);

  const { enabled, fields } = options;
  const { title, content, image, credit, privacy, destination } = fields;
  useEffect(() => {
    if (enabled) autosave.edit({ title, content, image, credit, privacy, destination });
  }, [enabled, autosave, title, content, image, credit, privacy, destination]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const now = () => void autosave.flush();
    const hidden = () => {
      if (document.visibilityState === 'hidden') now();
    };
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', now);
    window.addEventListener('blur', now);
    window.addEventListener('online', now);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', now);
      window.removeEventListener('blur', now);
      window.removeEventListener('online', now);
      // Leaving the page within the site: what is pending goes now.
      now();
    };
  }, [enabled, autosave]);

  return { autosave, state };
}
