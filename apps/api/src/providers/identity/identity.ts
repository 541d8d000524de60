/** Who a verified ID token says the caller is. */
export interface VerifiedIdentity {
  /** Provider-qualified subject, e.g. `firebase:abc…` or `local:abc…`. */
  uid: string;
  email: string;
  name: string;
  picture: string | null;
}

/** Verifies bearer ID tokens; every failure is the same `InvalidTokenError`. */
export interface IdentityProvider {
  readonly name: 'local' | 'firebase';
  verifyIdToken(token: string): Promise<VerifiedIdentity>;
}

export class InvalidTokenError extends Error {}
