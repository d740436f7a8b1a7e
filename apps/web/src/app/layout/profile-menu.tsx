import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import { ROUTES } from '@vuxo/shared/routes';
import { useAuth } from '../../features/auth/use-auth';
import styles from './profile-menu.module.css';

/** The account dropdown loads only for a signed-in user: a first visit never downloads it. */
const ProfileMenu = lazy(() => import('./profile-dropdown'));

/** 'Login' when signed out; a welcome text and the account dropdown when signed in. */
export function ProfileArea() {
  const { status, user } = useAuth();
  if (status === 'loading') return <span className={styles.placeholder} aria-hidden="true" />;
  if (!user) {
    return (
      <Link to={ROUTES.login} className={styles.login}>
        <LogIn aria-hidden="true" />
        Login
      </Link>
    );
  }
  return (
    <Suspense fallback={<span className={styles.placeholder} aria-hidden="true" />}>
      <ProfileMenu user={user} />
    </Suspense>
  );
}
