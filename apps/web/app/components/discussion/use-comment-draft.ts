import { useEffect, useRef } from 'react';
import { commentDrafts } from './drafts';

/** The pause in typing after which the text is kept (and at once when the box or page goes). */
export const DRAFT_DELAY_MS = 400;

/**
 * Keeps what is typed in a box as a draft under `key` (null: not kept, a guest's box), and puts
 * a kept draft back in the box when it opens. Read in an effect, so after hydration: the server
 * never touches the browser's storage, and the box is drawn empty (or with `initial`) first.
 * `sent(remainder)` after a successful send: the draft is dropped, and only what was typed
 * meanwhile (`remainder`) is kept. A failed send keeps it: nothing is called. `discard()` when
 * the member cancels the box: their own choice to drop the text.
 */
export function useCommentDraft({
  key,
  initial,
  text,
  setText,
}: {
  key: string | null;
  /** What the box starts with (an edit's current text): no draft is needed to keep it. */
  initial: string;
  text: string;
  setText: (text: string) => void;
}): { sent: (remainder: string) => void; discard: () => void } {
  // What the store holds for this box now (`initial` standing for nothing kept), and what the
  // box holds: compared, they say whether anything is left to keep.
  const kept = useRef(initial);
  const latest = useRef(text);
  latest.current = text;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // One function for the pause, the page going away and the box closing; through a ref, so the
  // listeners below need not be replaced at every key.
  const keep = useRef(() => {});
  keep.current = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const now = latest.current;
    if (key === null || now === kept.current) return;
    kept.current = now;
    if (now === initial) commentDrafts().remove(key);
    else commentDrafts().write(key, now);
  };

  useEffect(() => {
    if (key === null) return;
    const draft = commentDrafts().read(key);
    if (draft === null) return;
    if (draft === initial) {
      commentDrafts().remove(key);
      return;
    }
    kept.current = draft;
    // Only into a box nothing was typed in yet (the restore comes right after hydration).
    if (latest.current === initial) setText(draft);
    // Read once per key: `initial` and `setText` are fixed for a box's life.
  }, [key]);

  useEffect(() => {
    if (key === null || text === kept.current) return;
    timer.current = setTimeout(() => keep.current(), DRAFT_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [key, text]);

  useEffect(() => {
    if (key === null) return;
    // A reload or a closed tab does not wait for the pause.
    const flush = () => keep.current();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      // The box closes (the member leaves the page): what is typed is kept now.
      keep.current();
    };
  }, [key]);

  return {
    sent: (remainder) => {
      clearTimeout(timer.current);
      timer.current = undefined;
      if (key !== null) commentDrafts().remove(key);
      kept.current = initial;
      latest.current = remainder;
      keep.current();
    },
    discard: () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      if (key !== null) commentDrafts().remove(key);
      kept.current = initial;
      latest.current = initial;
    },
  };
}
