import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { AUTH_MSG } from '@vuxo/shared';
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
  const auth = getAuth(app);
  if (authEmulatorUrl) connectAuthEmulator(auth, authEmulatorUrl, { disableWarnings: true });
  return auth;
}

/** True in local mode, where sign-in uses the local account chooser instead of Google's popup. */
export function usesLocalAccountChooser(): boolean {
  return appConfig().authEmulatorUrl !== null;
}
