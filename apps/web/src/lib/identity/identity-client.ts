/**
 * The browser side of sign-in, one small interface for both providers: `firebase` (Google
 * through the Firebase JS SDK) and `local` (the API's development account chooser).
 */
export interface IdentityClient {
  readonly name: 'local' | 'firebase';
  /**
   * Opens the provider's 500x600 popup and resolves the ID token. Must be called straight
   * from a click, before any other await, so the browser lets the popup open.
   */
  signIn(): Promise<string>;
  /** After a redirect sign-in (popup blocked), the ID token it produced, else null. */
  completeRedirectSignIn(): Promise<string | null>;
  /** A valid ID token of the provider's signed-in user (refreshed when near expiry), or null. */
  currentIdToken(): Promise<string | null>;
  signOut(): Promise<void>;
}

/** A sign-in failure with Firebase's error code (`auth/popup-closed-by-user`, …). */
export class IdentityError extends Error {
  readonly code: string;

  constructor(code: string) {
    super(code);
    this.name = 'IdentityError';
    this.code = code;
  }
}

/** Set while a redirect sign-in is under way, so only then the login page loads the SDK. */
export const REDIRECT_PENDING_KEY = 'auth_redirect_pending';

export function isRedirectPending(): boolean {
  try {
    return sessionStorage.getItem(REDIRECT_PENDING_KEY) === '1';
  } catch {
    return false;
  }
}

export function setRedirectPending(isPending: boolean): void {
  try {
    if (isPending) sessionStorage.setItem(REDIRECT_PENDING_KEY, '1');
    else sessionStorage.removeItem(REDIRECT_PENDING_KEY);
  } catch {
    // Without storage the redirect result is simply not picked up; the user can sign in again.
  }
}
