import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Dialog } from '../components/ui/dialog';
import { useI18n } from './i18n';

/**
 * Unsaved work is not lost by a click elsewhere: while `dirty`, leaving the page within the site
 * asks first (a dialog: keep writing, or leave), and closing or reloading the tab gets the
 * browser's own question. `allowLeave()` lets the page's own navigation through (after a save).
 */
export function useLeaveGuard(dirty: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
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
      title={t('leave.title')}
      onClose={() => blocker.reset?.()}
      actions={
        <>
          <button type="button" className="button" onClick={() => blocker.reset?.()}>
            {t('leave.stay')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => blocker.proceed?.()}
          >
            {t('leave.go')}
          </button>
        </>
      }
    >
      <p>{t('leave.text')}</p>
    </Dialog>
  );
  return {
    dialog,
    allowLeave: () => {
      allowed.current = true;
    },
  };
}
