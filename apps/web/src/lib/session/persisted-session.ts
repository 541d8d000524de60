import type { AuthState } from './auth-slice.ts';

/** The storage key of the session, of which only the auth part is kept. */
export const PERSIST_KEY = 'root';

/**
 * The stored session, read synchronously so the first render already knows who is signed in.
 * Anything unreadable counts as signed out.
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

/**
 * Writes the auth part of the store's state to local storage whenever it changes, as
 * `{ auth: "<json>" }` under `root`: the layout the sessions already in readers' browsers have.
 * A storage that refuses (full, or blocked) leaves the session in memory only: the reader stays
 * signed in until the tab closes.
 */
export function persistSession(store: {
  getState: () => { auth: AuthState };
  subscribe: (listener: () => void) => unknown;
}): void {
  let written: AuthState | undefined;
  const write = () => {
    const { auth } = store.getState();
    if (auth === written) return;
    written = auth;
    try {
      localStorage.setItem(
        PERSIST_KEY,
        JSON.stringify({
          auth: JSON.stringify(auth),
          _persist: JSON.stringify({ version: -1, rehydrated: true }),
        }),
      );
    } catch {
      // Kept in memory only (see above).
    }
  };
  write();
  store.subscribe(write);
}
