import {
  browserPopupRedirectResolver,
  GoogleAuthProvider,
  onAuthStateChanged,
  sendEmailVerification,
  signInWithCredential,
  signInWithPopup,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth';
import { createFirebaseAuth, usesLocalAccountChooser } from './firebase-client';
import { emulatorGoogleClaims, rememberLocalAccount, type LocalAccount } from './local-accounts';

/**
 * Everything that needs the Firebase SDK, in one module the auth provider loads on demand: the SDK is most of
 * the app's script, and a visitor reading the site never needs it.
 */
export interface FirebaseSession {
  /** Google sign-in: the popup, or the local account chooser on the emulator. Sends the verification email. */
  signIn(chooseLocalAccount: () => Promise<LocalAccount>): Promise<User>;
  signOut(): Promise<void>;
  sendEmailVerification(user: User): Promise<void>;
}

/** Connects to Firebase and reports the user from now on. Throws when Firebase is misconfigured. */
export function openFirebaseSession(events: {
  onUser(user: User | null): void;
  onError(error: unknown): void;
}): FirebaseSession {
  const auth = createFirebaseAuth();
  onAuthStateChanged(auth, events.onUser, events.onError);
  return {
    async signIn(chooseLocalAccount) {
      const credential = usesLocalAccountChooser()
        ? await signInWithLocalAccount(auth, await chooseLocalAccount())
        : await signInWithPopup(auth, googleProvider(), browserPopupRedirectResolver);
      if (!credential.user.emailVerified) await sendEmailVerification(credential.user);
      return credential.user;
    },
    signOut: () => signOut(auth),
    sendEmailVerification: (user) => sendEmailVerification(user),
  };
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
