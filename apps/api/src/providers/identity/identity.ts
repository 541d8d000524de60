/** Who a verified ID token says the caller is. */
export interface VerifiedIdentity {
  /** Provider-qualified subject, e.g. `firebase:abc…` or `local:abc…`. */
  uid: string;
  email: string;
  /**
   * The provider vouches that the caller controls `email` (the token's `email_verified`): only
   * then does the address count as proof of who someone is (accepting a patient invitation).
   */
  isEmailVerified: boolean;
  name: string;
  picture: string | null;
}

/**
 * Verifies bearer ID tokens. Every bad token is the same `InvalidTokenError`; a key set
 * that cannot be fetched is a `KeySetUnavailableError` (our outage, not the caller's fault).
 */
export interface IdentityProvider {
  readonly name: 'local' | 'firebase';
  verifyIdToken(token: string): Promise<VerifiedIdentity>;
}

/** The token is not acceptable; `message` is a short reason safe to log (never the token). */
export class InvalidTokenError extends Error {}

/** The signing keys could not be loaded, so no token can be checked right now. */
export class KeySetUnavailableError extends Error {}
