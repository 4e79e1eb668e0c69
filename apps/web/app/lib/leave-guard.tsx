import type { MessageKey } from '@mepedia/web-i18n';
import { useEffect, useRef } from 'react';
import { useBlocker, useLocation } from 'react-router';
import { Dialog } from '../components/ui/dialog';
import { useI18n } from './i18n';

/** The leave dialog's title, text, and its two buttons. */
export type LeaveWords = { title: MessageKey; text: MessageKey; stay: MessageKey; go: MessageKey };

/** Unsaved work that leaving loses. */
const LOST: LeaveWords = {
  title: 'leave.title',
  text: 'leave.text',
  stay: 'leave.stay',
  go: 'leave.go',
};

/**
 * Unsaved work is not lost by a click elsewhere: while `dirty`, leaving the page within the site
 * asks first (a dialog: keep writing, or leave), and closing or reloading the tab gets the
 * browser's own question. `allowLeave()` lets the page's own navigation through (after a save).
 * `words`: the dialog's, where the page's unsent work is not lost (a comment's draft is kept).
 */
export function useLeaveGuard(dirty: boolean, words: LeaveWords = LOST) {
  const allowed = useRef(false);
  const { pathname } = useLocation();
  // A page the guard stays on (the same route, another story) starts guarded again.
  useEffect(() => {
    allowed.current = false;
  }, [pathname]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  // What the page last drew: a tab closed just after the text was sent asks nothing, even before
  // the effect below has taken its listener away.
  const drawnDirty = useRef(dirty);
  drawnDirty.current = dirty;
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (allowed.current || !drawnDirty.current) return;
      event.preventDefault();
      // Older browsers ask only when a value is set; none shows it.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const { t } = useI18n();
  const dialog = (
    <Dialog
      open={blocker.state === 'blocked'}
      title={t(words.title)}
      onClose={() => blocker.reset?.()}
      actions={
        <>
          <button type="button" className="button" onClick={() => blocker.reset?.()}>
            {t(words.stay)}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              // The member chose to leave: nothing more is asked until the page changes, not
              // even a Back pressed before React has taken the left page (and this guard) away.
              allowed.current = true;
              blocker.proceed?.();
            }}
          >
            {t(words.go)}
          </button>
        </>
      }
    >
      <p>{t(words.text)}</p>
    </Dialog>
  );
  return {
    dialog,
    allowLeave: () => {
      allowed.current = true;
    },
  };
}
