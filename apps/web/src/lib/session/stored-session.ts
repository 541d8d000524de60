import type { TUser } from '@portal/shared/user';

/** Browser storage keys of the session: the token in both storages, the user in local. */
export const TOKEN_STORAGE_KEY = 'firebase_token';
export const USER_STORAGE_KEY = 'user';

/** Storage can throw (privacy modes, quota); the session then lives in memory only. */
function attempt(action: () => void): void {
  try {
    action();
  } catch {
    // Nothing to do: the app keeps working for this tab.
  }
}

/** The ID token from local or session storage. */
export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) ?? sessionStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  attempt(() => localStorage.setItem(TOKEN_STORAGE_KEY, token));
  attempt(() => sessionStorage.setItem(TOKEN_STORAGE_KEY, token));
}

export function storeUser(user: TUser): void {
  attempt(() => localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user)));
}

/** Removes `user` and `firebase_token` from local and session storage. */
export function clearStoredSession(): void {
  for (const storage of [() => localStorage, () => sessionStorage]) {
    attempt(() => storage().removeItem(USER_STORAGE_KEY));
    attempt(() => storage().removeItem(TOKEN_STORAGE_KEY));
  }
}

/**
 * Seconds until the token's `exp`, read without verifying (the server verifies). Undefined
 * when the token cannot be read, so the server decides.
 */
export function secondsUntilExpiry(token: string, nowMs = Date.now()): number | undefined {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { exp } = JSON.parse(json) as { exp?: unknown };
    return typeof exp === 'number' ? exp - nowMs / 1000 : undefined;
  } catch {
    return undefined;
  }
}
