import { useCallback, useEffect, useRef, useState } from 'react';
import { AlertCircle, X } from 'lucide-react';
import { ERROR_TOAST_MS } from '../../ui-tuning';
import { CopyDetailsButton, errorDetails } from './copy-details-button';
import styles from './error-toast.module.css';

export interface ToastMessage {
  id: number;
  message: string;
}

/** One error toast at a time: showing another replaces it and restarts its time. */
export function useErrorToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const nextId = useRef(1);
  const showError = useCallback((message: string) => {
    const id = nextId.current++;
    setToast({ id, message });
  }, []);
  const dismiss = useCallback(() => setToast(null), []);
  return { toast, showError, dismiss };
}

/** An error toast that disappears after 5 seconds, with copy details. */
export function ErrorToast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(onDismiss, ERROR_TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);

  return (
    <div className={styles.region}>
      {toast && (
        <div key={toast.id} className={styles.toast} role="alert">
          <AlertCircle className={styles.icon} aria-hidden="true" />
          <p className={styles.message}>{toast.message}</p>
          <span className={styles.actions}>
            <CopyDetailsButton tone="dark" details={() => errorDetails(toast.message)} />
          </span>
          <button type="button" className={styles.close} onClick={onDismiss} aria-label="Dismiss">
            <X aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
