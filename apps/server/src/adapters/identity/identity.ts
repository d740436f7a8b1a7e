/** Who the caller is, as the identity provider vouches for it. */
export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  displayName: string | null;
  emailVerified: boolean;
}

export interface Identity {
  /** Verifies an ID token (signature, project, expiry, and that the user still exists and is enabled). */
  verify(idToken: string): Promise<VerifiedIdentity>;
  describe: string;
}

/** The token is missing, malformed, forged, expired, for another project, or names an unknown user. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}
