import styles from './page-loading.module.css';

/** Shown while a lazily loaded page arrives. */
export function PageLoading() {
  return (
    <div className={styles.wrap} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">Loading page</span>
    </div>
  );
}
