import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { AUTH_MSG } from '@vuxo/shared/messages';
import { appConfig } from '../../app/config';

/** The Firebase Auth instance, connected to the emulator in local mode. Throws when misconfigured. */
export function createFirebaseAuth(): Auth {
  const { firebase, authEmulatorUrl } = appConfig();
  if (!firebase.apiKey || !firebase.projectId) throw new Error(AUTH_MSG.configMissing);
  const app = initializeApp({
    apiKey: firebase.apiKey,
    authDomain: firebase.authDomain,
    projectId: firebase.projectId,
  });
  // getAuth would also load Google's popup script (apis.google.com) at once; it is loaded on sign-in instead.
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  });
  if (authEmulatorUrl) connectAuthEmulator(auth, authEmulatorUrl, { disableWarnings: true });
  return auth;
}

/** True in local mode, where sign-in uses the local account chooser instead of Google's popup. */
export function usesLocalAccountChooser(): boolean {
  return appConfig().authEmulatorUrl !== null;
}
