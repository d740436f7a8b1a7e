import { randomUUID } from 'node:crypto';
import { applicationDefault, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { InvalidTokenError, type Identity, type VerifiedIdentity } from './identity.js';
import { verificationCache } from './verification-cache.js';

/** Error codes that mean "this token does not prove who the caller is", as opposed to an outage. */
const TOKEN_ERRORS = new Set([
  'auth/argument-error',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/user-disabled',
  'auth/user-not-found',
]);

export interface FirebaseIdentityOptions {
  projectId: string;
  /** host:port of the Auth emulator in local mode; null against a real project. */
  emulatorHost: string | null;
}

export function firebaseIdentity(options: FirebaseIdentityOptions): Identity & { close(): Promise<void> } {
  // firebase-admin reads the emulator host from the environment; it is set only in local mode.
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;

  const app: App = initializeApp(
    options.emulatorHost
      ? { projectId: options.projectId }
      : { projectId: options.projectId, credential: applicationDefault() },
    `vuxo-${randomUUID()}`,
  );
  const auth = getAuth(app);
  const verified = verificationCache();

  return {
    describe: options.emulatorHost
      ? `Firebase Auth emulator at ${options.emulatorHost} (project ${options.projectId}), local account chooser`
      : `Firebase project ${options.projectId}, Google sign-in`,
    async verify(idToken: string): Promise<VerifiedIdentity> {
      const known = verified.get(idToken);
      if (known) return known;
      try {
        // true: also asks whether the user still exists, is enabled and has not had their tokens revoked.
        const decoded = await auth.verifyIdToken(idToken, true);
        const identity = {
          uid: decoded.uid,
          email: decoded.email ?? null,
          displayName: typeof decoded.name === 'string' ? decoded.name : null,
          emailVerified: decoded.email_verified === true,
        };
        verified.set(idToken, identity, decoded.exp * 1000);
        return identity;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && TOKEN_ERRORS.has(code)) throw new InvalidTokenError(code);
        throw error;
      }
    },
    close: () => deleteApp(app),
  };
}
