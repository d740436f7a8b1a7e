import { AlertCircle, AlertTriangle, X } from 'lucide-react';
import styles from './dashboard-banner.module.css';

interface Props {
  tone: 'error' | 'warning';
  message: string;
  onDismiss: () => void;
}

/** The dashboard's banners: red for load failures, amber for warnings; dismissible. */
export function DashboardBanner({ tone, message, onDismiss }: Props) {
  const Icon = tone === 'error' ? AlertCircle : AlertTriangle;
  return (
    <div className={styles.banner} data-tone={tone} role="alert">
      <Icon className={styles.icon} aria-hidden="true" />
      <p className={styles.message}>{message}</p>
      <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label="Dismiss">
        <X aria-hidden="true" />
      </button>
    </div>
  );
}
