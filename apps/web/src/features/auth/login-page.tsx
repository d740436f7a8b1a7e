import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MailCheck } from 'lucide-react';
import { BRAND } from '@vuxo/shared/brand';
import { useAuth } from './use-auth';
import { afterLogin } from './login-state';
import { GoogleMark } from './google-mark';
import styles from './auth.module.css';

/** /login: Google sign-in, then back to where the user was going. */
export function LoginPage() {
  const { user, error: authError, signIn, signOut, refreshUser, resendVerification } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!user?.emailVerified) return;
    const next = afterLogin(location.state);
    navigate(next.to, { replace: true, state: next.state });
  }, [user, location.state, navigate]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await action();
    } catch (actionError) {
      setError(actionError instanceof Error ? actionError.message : String(actionError));
    } finally {
      setBusy(false);
    }
  };

  const signInWithGoogle = () =>
    run(async () => {
      if (user) await signOut();
      await signIn();
    });

  const checkVerified = () =>
    run(async () => {
      const fresh = await refreshUser();
      if (!fresh?.emailVerified)
        setNotice('Your email is not verified yet. Open the link we sent, then try again.');
    });

  const resend = () =>
    run(async () => {
      await resendVerification();
      setNotice('We sent the verification email again.');
    });

  const unverified = user && !user.emailVerified;
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="login-title">
        {unverified ? (
          <>
            <MailCheck className={styles.icon} aria-hidden="true" />
            <h1 id="login-title" className={styles.title}>
              Verify your email
            </h1>
            <p className={styles.lead}>
              We sent a verification link to <strong>{user.email}</strong>. Open it, then continue.
            </p>
            <button type="button" className={styles.primary} onClick={checkVerified} disabled={busy}>
              I&apos;ve verified my email
            </button>
            <button type="button" className={styles.secondary} onClick={resend} disabled={busy}>
              Send the email again
            </button>
            <button type="button" className={styles.link} onClick={signInWithGoogle} disabled={busy}>
              Use another account
            </button>
          </>
        ) : (
          <>
            <h1 id="login-title" className={styles.title}>
              Sign in to {BRAND}
            </h1>
            <p className={styles.lead}>
              Build your AI chatbot, manage your bots and share them on your website.
            </p>
            <button type="button" className={styles.google} onClick={signInWithGoogle} disabled={busy}>
              <GoogleMark />
              Sign in with Google
            </button>
          </>
        )}
        {notice && (
          <p className={styles.notice} role="status">
            {notice}
          </p>
        )}
        {(error ?? authError) && (
          <p className={styles.error} role="alert">
            {error ?? authError}
          </p>
        )}
      </section>
    </main>
  );
}
