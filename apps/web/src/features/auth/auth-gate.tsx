import { useContext, useEffect } from 'react';
import { Outlet } from 'react-router';
import { AUTH_MSG } from '@vuxo/shared/messages';
import { AuthContext, AuthDemandContext } from './auth-context';
import { AuthScreen } from './auth-screen';

/**
 * The product's pages wait for the identity provider: 'Initializing Authentication...' until it reports who
 * is signed in, 'Initialization Error' with the message when it cannot start. The site's pages do not.
 */
export function AuthGate() {
  const demand = useContext(AuthDemandContext);
  const auth = useContext(AuthContext);
  if (!demand || !auth) throw new Error('AuthGate must be used inside <AuthProvider>');
  const { state, load } = demand;
  useEffect(() => {
    void load();
  }, [load]);
  if (state === 'error')
    return <AuthScreen title={AUTH_MSG.initializationError} message={auth.error ?? ''} />;
  if (state === 'loading') return <AuthScreen title={AUTH_MSG.initializing} />;
  return <Outlet />;
}
