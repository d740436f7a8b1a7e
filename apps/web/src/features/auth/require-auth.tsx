import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AUTH_MSG } from '@vuxo/shared/messages';
import { ROUTES } from '@vuxo/shared/routes';
import { useAuth } from './use-auth';
import type { LoginState } from './login-state';

/**
 * The route guard: 'Loading...' while the auth state is unknown; no user,
 * or an unverified email, goes to /login (replacing history) with redirectAfterLogin = the current path.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <p role="status">{AUTH_MSG.guardLoading}</p>;
  if (!user || !user.emailVerified) {
    const state: LoginState = { redirectAfterLogin: location.pathname };
    return <Navigate to={ROUTES.login} replace state={state} />;
  }
  return <>{children}</>;
}
