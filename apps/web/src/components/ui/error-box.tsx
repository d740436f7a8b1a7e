import type { ReactNode } from 'react';
import { AlertCircle } from 'lucide-react';
import { CopyDetailsButton, errorDetails } from './copy-details-button';
import styles from './error-box.module.css';

interface Props {
  message: string;
  title?: string;
  /** Shown below the message, e.g. a retry button. */
  children?: ReactNode;
  id?: string;
  className?: string;
}

/** An error message, announced to screen readers, with a copy-details button. */
export function ErrorBox({ message, title, children, id, className }: Props) {
  return (
    <div className={[styles.box, className].filter(Boolean).join(' ')} role="alert" id={id}>
      <AlertCircle className={styles.icon} aria-hidden="true" />
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        <p className={styles.message}>{message}</p>
        <div className={styles.actions}>
          {children}
          <CopyDetailsButton details={() => errorDetails(message, title)} />
        </div>
      </div>
    </div>
  );
}
