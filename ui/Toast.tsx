import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { type ReactNode, createContext, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from './Icon';
import styles from './Toast.module.css';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastOptions {
  tone?: ToastTone;
  /** Milliseconds until the toast goes by itself; 0 keeps it until dismissed. */
  timeout?: number;
}

interface ToastEntry {
  id: number;
  message: string;
  tone: ToastTone;
  timeout: number;
}

export interface ToastApi {
  /** Shows a short message and returns its id for `dismiss`. */
  show(message: string, options?: ToastOptions): number;
  dismiss(id: number): void;
}

const DEFAULT_TIMEOUT = 5000;
// Errors stay longer: they usually ask the shopper to do something.
const ERROR_TIMEOUT = 8000;

const ToastContext = createContext<ToastApi | null>(null);

const toneIcons = { info: Info, success: CircleCheck, error: CircleAlert } as const;

export function useToast(): ToastApi {
  const api = use(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider above it');
  return api;
}

/**
 * Holds the toasts of the page and their live region. The region is in the document from the
 * first render, because screen readers only announce changes to a live region they already know.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback((message: string, options: ToastOptions = {}) => {
    const tone = options.tone ?? 'info';
    const id = nextId.current++;
    const timeout = options.timeout ?? (tone === 'error' ? ERROR_TIMEOUT : DEFAULT_TIMEOUT);
    // The same message twice in a row (a double click) is shown once.
    setToasts((current) =>
      [...current.filter((toast) => toast.message !== message), { id, message, tone, timeout }].slice(-3),
    );
    return id;
  }, []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      <div
        className={styles.region}
        role="status"
        aria-live="polite"
        aria-label={intl.formatMessage({ id: 'ui.toast.region', defaultMessage: 'Notifications' })}
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext>
  );
}

function ToastItem({ toast, onDismiss }: { toast: ToastEntry; onDismiss: (id: number) => void }) {
  const intl = useIntl();
  useEffect(() => {
    if (toast.timeout <= 0) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.timeout);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  return (
    <div className={`${styles.toast} ${styles[toast.tone]}`}>
      <Icon icon={toneIcons[toast.tone]} size={20} className={styles.icon} />
      <p className={styles.message}>{toast.message}</p>
      <button
        type="button"
        className={styles.dismiss}
        onClick={() => onDismiss(toast.id)}
        aria-label={intl.formatMessage({ id: 'ui.toast.dismiss', defaultMessage: 'Dismiss notification' })}
      >
        <Icon icon={X} size={18} />
      </button>
    </div>
  );
}
