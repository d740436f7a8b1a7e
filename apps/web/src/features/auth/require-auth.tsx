import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AUTH_MSG, ROUTES } from '@vuxo/shared';
import { useAuth } from './use-auth';
import type { LoginState } from './login-state';

/**
 * The route guard (specification, section 2.11): 'Loading...' while the auth state is unknown; no user,
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
