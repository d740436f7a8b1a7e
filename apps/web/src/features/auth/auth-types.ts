/** The signed-in user, as the identity provider reports it. */
export interface AuthUser {
  uid: string;
  displayName: string | null;
  email: string | null;
  emailVerified: boolean;
}

export type AuthStatus = 'loading' | 'ready' | 'error';

export interface AuthState {
  /** loading until the identity provider first reports; error when it failed to initialize. */
  status: AuthStatus;
  user: AuthUser | null;
  /** The auth error shown or stored. */
  error: string | null;
  /** Starts Google sign-in (the popup, or the local account chooser on the emulator). */
  signIn: () => Promise<AuthUser>;
  /** Signs out and clears the stored sessionId and activeDocId. */
  signOut: () => Promise<void>;
  /** A fresh identity token for API calls; force-refreshed when asked. */
  getIdToken: (forceRefresh?: boolean) => Promise<string>;
  /** Re-reads the user from the identity provider (after verifying an email) and refreshes the token. */
  refreshUser: () => Promise<AuthUser | null>;
  /** Sends the verification email again to the signed-in user. */
  resendVerification: () => Promise<void>;
}
