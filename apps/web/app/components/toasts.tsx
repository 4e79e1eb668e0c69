import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n';

type Toast = { id: number; kind: 'error' | 'success'; message: string };
type ToastApi = { error: (message: string) => void; success: (message: string) => void };

export const TOAST_COOLDOWN_MS = 5500;
const ToastContext = createContext<ToastApi>({ error: () => undefined, success: () => undefined });

/** Errors and successes, bottom centre, one every 5.5 seconds at most; read out by screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [toast, setToast] = useState<Toast | null>(null);
  const lastShown = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback((kind: Toast['kind'], message: string) => {
    const now = Date.now();
    if (now - lastShown.current < TOAST_COOLDOWN_MS) return;
    lastShown.current = now;
    setToast({ id: now, kind, message });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setToast(null), TOAST_COOLDOWN_MS);
  }, []);
  const [api] = useState<ToastApi>(() => ({
    error: (message) => show('error', message),
    success: (message) => show('success', message),
  }));

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
              onClick={() => setToast(null)}
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
