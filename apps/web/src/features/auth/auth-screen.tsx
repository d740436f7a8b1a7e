import styles from './auth.module.css';

/** The full-screen state of the auth provider: initializing, or an initialization error with its message. */
export function AuthScreen({ title, message }: { title: string; message?: string }) {
  return (
    <main className={styles.screen} role={message ? 'alert' : 'status'}>
      <h1 className={styles.screenTitle}>{title}</h1>
      {message && <p className={styles.screenMessage}>{message}</p>}
    </main>
  );
}
