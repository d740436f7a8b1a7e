import styles from './bot-card-skeleton.module.css';

/** A placeholder card while the list loads. */
export function BotCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={styles.top}>
        <span className={styles.avatar} />
        <span className={styles.lines}>
          <span className={styles.line} />
          <span className={`${styles.line} ${styles.short}`} />
        </span>
      </div>
      <span className={styles.bar} />
      <span className={styles.actions}>
        <span className={styles.button} />
        <span className={`${styles.button} ${styles.small}`} />
      </span>
    </div>
  );
}
