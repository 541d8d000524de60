import { IdentityError } from '../../lib/identity/identity-client.ts';

/** The sign-in provider's failures the login page explains; the key is in the `auth` namespace. */
export type SignInErrorKey =
  | 'login.errors.popupBlocked'
  | 'login.errors.cancelled'
  | 'login.errors.network'
  | 'login.errors.unavailable'
  | 'login.errors.generic';

/**
 * Maps Firebase's sign-in error codes to a short explanation, or null when the failure was an
 * API call the error catalogue already alerted about.
 */
export function signInErrorKey(error: unknown): SignInErrorKey | null {
  if (!(error instanceof IdentityError)) {
    // RTK Query's unwrap() rejects with the FetchBaseQueryError: already shown by the catalogue.
    const isApiFailure = typeof error === 'object' && error !== null && 'status' in error;
    return isApiFailure ? null : 'login.errors.generic';
  }
  switch (error.code) {
    case 'auth/popup-blocked':
      return 'login.errors.popupBlocked';
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
    case 'auth/user-cancelled':
      return 'login.errors.cancelled';
    case 'auth/network-request-failed':
      return 'login.errors.network';
    case 'auth/unauthorized-domain':
    case 'auth/operation-not-supported-in-this-environment':
    case 'auth/web-storage-unsupported':
    case 'auth/invalid-api-key':
    case 'auth/auth-domain-config-required':
      return 'login.errors.unavailable';
    default:
      return 'login.errors.generic';
  }
}
