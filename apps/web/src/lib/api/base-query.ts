import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { getIdentityClient, peekIdentityClient } from '../identity/get-identity-client.ts';
import { logout, type AuthState } from '../session/auth-slice.ts';
import {
  clearStoredSession,
  readStoredToken,
  secondsUntilExpiry,
  storeToken,
} from '../session/stored-session.ts';
import { describeApiFailure } from './error-catalogue.ts';
import { publishApiFailure, settleApiSource } from './error-notices.ts';

export { readStoredToken, TOKEN_STORAGE_KEY } from '../session/stored-session.ts';

/** A call that has not answered after this long is the catalogue's network/timeout case. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The provider is asked for a fresh token this long before expiry (as the Firebase SDK does). */
const REFRESH_BEFORE_EXPIRY_S = 300;

type StateWithAuth = { auth?: AuthState };

/** Per-endpoint options: `extraOptions: { handlesOwnErrors: true }` on an endpoint. */
export interface ApiExtraOptions {
  /** The screen reports this call's failures itself (no global alert, no navigation). */
  handlesOwnErrors?: boolean;
}

/**
 * The stored token while it has more than five minutes left; otherwise (or when storage has
 * none) the provider's current user's token, stored in both storages. The provider is only
 * loaded for someone signed in, so a guest's page never downloads the Firebase SDK. Also what a
 * request made without the base query (an event stream read with `fetch`) sends as its bearer.
 */
export async function resolveToken(getState: () => unknown): Promise<string | null> {
  const stored = readStoredToken();
  const remaining = stored ? secondsUntilExpiry(stored) : undefined;
  if (stored && (remaining === undefined || remaining > REFRESH_BEFORE_EXPIRY_S)) return stored;
  const isSignedIn = Boolean((getState() as StateWithAuth).auth?.status);
  try {
    const client =
      peekIdentityClient() ?? (isSignedIn || stored ? await getIdentityClient() : undefined);
    const fresh = await client?.currentIdToken();
    if (fresh) {
      storeToken(fresh);
      return fresh;
    }
  } catch {
    // The provider could not answer; the stored token (if any) is tried and the API decides.
  }
  return stored;
}

/**
 * The one base query: base URL + `/api`, `Authorization: Bearer <token>`,
 * JSON (the Content-Type is sent with a body, as browsers' clients do; a bodiless POST with a
 * JSON Content-Type is a 400 in Fastify), 30 s timeout, and every failure mapped by the
 * error catalogue (error-catalogue.ts): alerted, navigated, the session ended on 401.
 */
export function createBaseQuery({
  // No window while prerendering (the module is imported, never called, there).
  baseUrl = typeof window === 'undefined' ? '/api' : `${window.location.origin}/api`,
  fetchFn,
  timeoutMs = REQUEST_TIMEOUT_MS,
}: {
  baseUrl?: string;
  fetchFn?: typeof fetch;
  timeoutMs?: number;
} = {}): BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> {
  const rawBaseQuery = fetchBaseQuery({
    baseUrl,
    timeout: timeoutMs,
    ...(fetchFn && { fetchFn }),
    async prepareHeaders(headers, { getState }) {
      headers.set('Accept', 'application/json');
      if (!headers.has('Authorization')) {
        const token = await resolveToken(getState);
        if (token) headers.set('Authorization', `Bearer ${token}`);
      }
      return headers;
    },
  });

  return async (args, api, extraOptions) => {
    const result = await rawBaseQuery(args, api, extraOptions);
    const source = api.queryCacheKey ?? `${api.type}:${api.endpoint}`;
    if (!result.error) {
      settleApiSource(source);
      return result;
    }
    // A request the app itself cancelled (page left, query replaced) is nobody's failure.
    if (api.signal.aborted && result.error.status !== 'TIMEOUT_ERROR') return result;
    const failure = describeApiFailure(result.error);
    if (failure.endsSession) {
      clearStoredSession();
      api.dispatch(logout());
      peekIdentityClient()
        ?.signOut()
        .catch((error: unknown) =>
          console.error('Sign-out after an expired session failed', error),
        );
    }
    // Endpoints whose screens show their own message keep the
    // catalogue's alert and navigation out of the way; an expired session is always handled.
    const isHandledByCaller = (extraOptions as ApiExtraOptions | undefined)?.handlesOwnErrors;
    if (!isHandledByCaller || failure.endsSession) publishApiFailure(failure, source);
    return result;
  };
}

export const baseQuery = createBaseQuery();
