import {
  createContext,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useI18n } from '../lib/i18n';
import { ToastQueue, takeConfirmation } from './toast-queue';

export { TOAST_COOLDOWN_MS, rememberConfirmation } from './toast-queue';

type ToastApi = { error: (message: string) => void; success: (message: string) => void };

const ToastContext = createContext<ToastApi>({ error: () => undefined, success: () => undefined });

/**
 * Errors and successes, bottom centre, one every 5.5 seconds at most, the rest waiting their turn
 * (toast-queue.ts); read out by screen readers. A confirmation left by the page before a full
 * load (logging out, say) shows first.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [queue] = useState(() => new ToastQueue());
  const toast = useSyncExternalStore(queue.subscribe, queue.getSnapshot, () => null);
  const [api] = useState<ToastApi>(() => ({
    error: (message) => queue.push('error', message),
    success: (message) => queue.push('success', message),
  }));

  useEffect(() => {
    const confirmation = takeConfirmation();
    if (confirmation) queue.push('success', t(`confirm.${confirmation}`));
    // Once, after hydration, in the page's language (the translator of that moment).
  }, [queue]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {toast && (
          <div
            className={`toast toast-${toast.kind === 'error' ? 'danger' : 'success'}`}
            key={toast.id}
          >
            <strong>{toast.kind === 'error' ? t('toast.error') : t('toast.success')}</strong>
            <span dir="auto">{toast.message}</span>
            <button
              type="button"
              className="toast-close"
              aria-label={t('toast.close')}
              onClick={() => queue.dismiss()}
            >
              ×
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToasts(): ToastApi {
  return useContext(ToastContext);
}
