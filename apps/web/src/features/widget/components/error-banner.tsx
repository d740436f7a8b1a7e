import { AlertTriangle } from './chat-icons';
import styles from './chat.module.css';

/** The error banner with Retry and Refresh; Refresh reloads the page. */
export function ErrorBanner({
  message,
  canRetry,
  onRetry,
}: {
  message: string;
  canRetry: boolean;
  onRetry: () => void;
}) {
  return (
    <div className={styles.banner} role="alert">
      <AlertTriangle className={styles.bannerIcon} aria-hidden="true" />
      <p className={styles.bannerText}>{message}</p>
      <div className={styles.bannerActions}>
        {canRetry && (
          <button type="button" className={styles.smallButton} onClick={onRetry}>
            Retry
          </button>
        )}
        <button type="button" className={styles.smallButton} onClick={() => window.location.reload()}>
          Refresh
        </button>
      </div>
    </div>
  );
}
