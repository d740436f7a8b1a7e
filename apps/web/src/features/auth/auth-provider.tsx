import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  GoogleAuthProvider,
  onAuthStateChanged,
  sendEmailVerification,
  signInWithCredential,
  signInWithPopup,
  signOut as firebaseSignOut,
  type Auth,
  type User,
} from 'firebase/auth';
import { AUTH_MSG, SESSION_KEYS } from '@vuxo/shared';
import { AuthContext } from './auth-context';
import { cancelledError, loginErrorMessage } from './auth-errors';
import type { AuthState, AuthUser } from './auth-types';
import { AccountChooser } from './account-chooser';
import { createFirebaseAuth, usesLocalAccountChooser } from './firebase-client';
import { emulatorGoogleClaims, rememberLocalAccount, type LocalAccount } from './local-accounts';
import { AuthScreen } from './auth-screen';

let authInstance: Auth | null = null;
let initError: string | null = null;
function firebaseAuth(): Auth | null {
  if (authInstance || initError) return authInstance;
  try {
    authInstance = createFirebaseAuth();
  } catch (error) {
    console.error(AUTH_MSG.failedToInitialize, error);
    initError = error instanceof Error && error.message ? error.message : AUTH_MSG.failedToInitialize;
  }
  return authInstance;
}

function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    displayName: user.displayName,
    email: user.email,
    emailVerified: user.emailVerified,
  };
}

type ChooserRequest = { resolve: (account: LocalAccount) => void; reject: (error: Error) => void };

/** Provides the signed-in user; shows 'Initializing Authentication...' until the identity provider reports. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const auth = firebaseAuth();
  const [status, setStatus] = useState<AuthState['status']>(auth ? 'loading' : 'error');
  const [user, setUser] = useState<AuthUser | null>(null);
  const [error, setError] = useState<string | null>(initError);
  const [chooser, setChooser] = useState<ChooserRequest | null>(null);
  const currentUser = useRef<User | null>(null);

  useEffect(() => {
    if (!auth) return;
    return onAuthStateChanged(
      auth,
      (next) => {
        currentUser.current = next;
        setUser(next ? toAuthUser(next) : null);
        setStatus('ready');
      },
      (listenerError) => {
        console.error(listenerError);
        setError(AUTH_MSG.statusCheckError);
        setStatus('ready');
      },
    );
  }, [auth]);

  const chooseLocalAccount = useCallback(
    () => new Promise<LocalAccount>((resolve, reject) => setChooser({ resolve, reject })),
    [],
  );

  const signIn = useCallback(async (): Promise<AuthUser> => {
    if (!auth) throw new Error(AUTH_MSG.serviceNotReady);
    try {
      const credential = usesLocalAccountChooser()
        ? await signInWithLocalAccount(auth, await chooseLocalAccount())
        : await signInWithPopup(auth, googleProvider());
      if (!credential.user.emailVerified) await sendEmailVerification(credential.user);
      currentUser.current = credential.user;
      const signedIn = toAuthUser(credential.user);
      setUser(signedIn);
      setError(null);
      return signedIn;
    } catch (signInError) {
      throw new Error(loginErrorMessage(signInError), { cause: signInError });
    }
  }, [auth, chooseLocalAccount]);

  const signOut = useCallback(async (): Promise<void> => {
    if (!auth) throw new Error(AUTH_MSG.serviceNotReady);
    try {
      await firebaseSignOut(auth);
      sessionStorage.removeItem(SESSION_KEYS.sessionId);
      sessionStorage.removeItem(SESSION_KEYS.activeDocId);
    } catch (signOutError) {
      const message = signOutError instanceof Error ? signOutError.message : String(signOutError);
      throw new Error(AUTH_MSG.logoutFailed(message), { cause: signOutError });
    }
  }, [auth]);

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
    if (currentUser.current) await sendEmailVerification(currentUser.current);
  }, []);

  const value = useMemo<AuthState>(
    () => ({ status, user, error, signIn, signOut, getIdToken, refreshUser, resendVerification }),
    [status, user, error, signIn, signOut, getIdToken, refreshUser, resendVerification],
  );

  if (status === 'loading') return <AuthScreen title={AUTH_MSG.initializing} />;
  if (status === 'error') return <AuthScreen title={AUTH_MSG.initializationError} message={error ?? ''} />;
  return (
    <AuthContext.Provider value={value}>
      {children}
      {chooser && (
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
      )}
    </AuthContext.Provider>
  );
}

function googleProvider(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

async function signInWithLocalAccount(auth: Auth, account: LocalAccount) {
  const credential = GoogleAuthProvider.credential(emulatorGoogleClaims(account));
  const result = await signInWithCredential(auth, credential);
  rememberLocalAccount(account);
  return result;
}
