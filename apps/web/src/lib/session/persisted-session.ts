import type { AuthState } from './auth-slice.ts';

/** redux-persist's key for the session, of which only the auth part is persisted. */
export const PERSIST_KEY = 'root';

/**
 * The session redux-persist stored, read synchronously so the first render already knows
 * who is signed in: nothing waits for the asynchronous rehydration (which then brings the
 * same state). Anything unreadable counts as signed out.
 */
export function readPersistedSession(): AuthState | undefined {
  try {
    const stored = localStorage.getItem(PERSIST_KEY);
    if (!stored) return undefined;
    const auth = JSON.parse((JSON.parse(stored) as { auth?: string }).auth ?? 'null') as unknown;
    if (!auth || typeof auth !== 'object') return undefined;
    const { status, userData } = auth as Partial<AuthState>;
    if (typeof status !== 'boolean' || (userData !== null && typeof userData !== 'object'))
      return undefined;
    return { status, userData: userData ?? null };
  } catch {
    return undefined;
  }
}
