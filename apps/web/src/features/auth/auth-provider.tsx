import {
  Suspense,
  lazy,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { User } from 'firebase/auth';
import { AUTH_MSG } from '@vuxo/shared/messages';
import { SESSION_KEYS } from '@vuxo/shared/storage-keys';
import { AuthContext, AuthDemandContext, type AuthDemand } from './auth-context';
import { cancelledError, loginErrorMessage } from './auth-errors';
import type { AuthState, AuthUser } from './auth-types';
import type { FirebaseSession } from './firebase-session';
import type { LocalAccount } from './local-accounts';
import { maybeSignedIn, rememberSignedIn } from './signed-in-hint';

/** The local account chooser loads when someone signs in, not with every page. */
const AccountChooser = lazy(async () => ({ default: (await import('./account-chooser')).AccountChooser }));

function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    displayName: user.displayName,
    email: user.email,
    emailVerified: user.emailVerified,
  };
}

type ChooserRequest = { resolve: (account: LocalAccount) => void; reject: (error: Error) => void };
/** idle: the SDK is not loaded (no one signed in on this device); reported: Firebase has said who is signed in. */
type SdkState = 'idle' | 'loading' | 'reported' | 'error';

/**
 * Provides the signed-in user. The Firebase SDK loads only when it may be needed: at once when someone signed
 * in on this device before, otherwise when a page that needs it asks (AuthGate) or on sign-in. Until then the
 * visitor is signed out, so the site shows at once and never waits for the SDK.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  // 'loading' until mounted, as the prerendered page shows it: the first render must match it.
  const [sdk, setSdk] = useState<SdkState>('loading');
  const [user, setUser] = useState<AuthUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chooser, setChooser] = useState<ChooserRequest | null>(null);
  const currentUser = useRef<User | null>(null);
  const session = useRef<Promise<FirebaseSession | null> | null>(null);

  const load = useCallback((): Promise<FirebaseSession | null> => {
    session.current ??= (async () => {
      startTransition(() => setSdk((state) => (state === 'reported' ? state : 'loading')));
      try {
        const { openFirebaseSession } = await import('./firebase-session');
        return openFirebaseSession({
          onUser(next) {
            currentUser.current = next;
            rememberSignedIn(next !== null);
            startTransition(() => {
              setUser(next ? toAuthUser(next) : null);
              setSdk('reported');
            });
          },
          onError(listenerError) {
            console.error(listenerError);
            startTransition(() => {
              setError(AUTH_MSG.statusCheckError);
              setSdk('reported');
            });
          },
        });
      } catch (initError) {
        console.error(AUTH_MSG.failedToInitialize, initError);
        setError(
          initError instanceof Error && initError.message ? initError.message : AUTH_MSG.failedToInitialize,
        );
        setSdk('error');
        return null;
      }
    })();
    return session.current;
  }, []);

  useEffect(() => {
    // Auth state arrives in transitions: parts of a prerendered page still hydrating wait for it, where an
    // urgent update would make React throw their server HTML away and render them again.
    if (maybeSignedIn()) void load();
    else startTransition(() => setSdk((state) => (state === 'loading' && !session.current ? 'idle' : state)));
  }, [load]);

  const chooseLocalAccount = useCallback(
    () => new Promise<LocalAccount>((resolve, reject) => setChooser({ resolve, reject })),
    [],
  );

  const signIn = useCallback(async (): Promise<AuthUser> => {
    const firebase = await load();
    if (!firebase) throw new Error(AUTH_MSG.serviceNotReady);
    try {
      const signedInUser = await firebase.signIn(chooseLocalAccount);
      currentUser.current = signedInUser;
      rememberSignedIn(true);
      const signedIn = toAuthUser(signedInUser);
      setUser(signedIn);
      setError(null);
      return signedIn;
    } catch (signInError) {
      throw new Error(loginErrorMessage(signInError), { cause: signInError });
    }
  }, [load, chooseLocalAccount]);

  const signOut = useCallback(async (): Promise<void> => {
    const firebase = await load();
    if (!firebase) throw new Error(AUTH_MSG.serviceNotReady);
    try {
      await firebase.signOut();
      sessionStorage.removeItem(SESSION_KEYS.sessionId);
      sessionStorage.removeItem(SESSION_KEYS.activeDocId);
    } catch (signOutError) {
      const message = signOutError instanceof Error ? signOutError.message : String(signOutError);
      throw new Error(AUTH_MSG.logoutFailed(message), { cause: signOutError });
    }
  }, [load]);

  const getIdToken = useCallback(async (forceRefresh = false): Promise<string> => {
    const signedIn = currentUser.current;
    if (!signedIn) throw new Error(AUTH_MSG.notAuthenticated);
    try {
      return await signedIn.getIdToken(forceRefresh);
    } catch (tokenError) {
      throw new Error(AUTH_MSG.tokenRetrievalFailed, { cause: tokenError });
    }
  }, []);

  const refreshUser = useCallback(async (): Promise<AuthUser | null> => {
    const signedIn = currentUser.current;
    if (!signedIn) return null;
    await signedIn.reload();
    await signedIn.getIdToken(true);
    const fresh = toAuthUser(signedIn);
    setUser(fresh);
    return fresh;
  }, []);

  const resendVerification = useCallback(async (): Promise<void> => {
    const firebase = await load();
    if (firebase && currentUser.current) await firebase.sendEmailVerification(currentUser.current);
  }, [load]);

  const status: AuthState['status'] = sdk === 'error' ? 'error' : sdk === 'loading' ? 'loading' : 'ready';
  const value = useMemo<AuthState>(
    () => ({ status, user, error, signIn, signOut, getIdToken, refreshUser, resendVerification }),
    [status, user, error, signIn, signOut, getIdToken, refreshUser, resendVerification],
  );
  const demand = useMemo<AuthDemand>(
    () => ({ state: sdk === 'reported' ? 'ready' : sdk === 'error' ? 'error' : 'loading', load }),
    [sdk, load],
  );

  return (
    <AuthContext.Provider value={value}>
      <AuthDemandContext.Provider value={demand}>
        {children}
        {chooser && (
          <Suspense fallback={null}>
            <AccountChooser
              onChoose={(account) => {
                setChooser(null);
                chooser.resolve(account);
              }}
              onCancel={() => {
                setChooser(null);
                chooser.reject(cancelledError());
              }}
            />
          </Suspense>
        )}
      </AuthDemandContext.Provider>
    </AuthContext.Provider>
  );
}
