import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { createIdTokenVerifier } from './id-token-verifier.ts';
import { KeySetUnavailableError, type IdentityProvider } from './identity.ts';

export const GOOGLE_SECURETOKEN_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** Bounds on how long a fetched key set is trusted, whatever its headers say. */
export const KEY_SET_MIN_TTL_MS = 60_000;
export const KEY_SET_MAX_TTL_MS = 24 * 3600_000;
/** After a failed fetch, stale keys are used and the next attempt waits this long. */
export const KEY_SET_RETRY_MS = 30_000;
/** An unknown `kid` may mean Google rotated early: refetch, but at most once per minute. */
export const UNKNOWN_KID_COOLDOWN_MS = 60_000;

/**
 * Production sign-in: Firebase ID tokens checked against Google's securetoken key set,
 * fetched once and kept for as long as its Cache-Control max-age allows.
 */
export function createFirebaseIdentityProvider({
  projectId,
  jwksUrl = GOOGLE_SECURETOKEN_JWKS_URL,
  fetchImpl = fetch,
  now = () => Date.now(),
}: {
  projectId: string;
  jwksUrl?: string;
  fetchImpl?: typeof fetch;
  now?: () => number;
}): IdentityProvider {
  const verifyIdToken = createIdTokenVerifier({
    keys: createCachedRemoteKeySet({ url: jwksUrl, fetchImpl, now }),
    issuer: `https://securetoken.google.com/${projectId}`,
    audience: projectId,
    uidPrefix: 'firebase',
    now,
  });
  return { name: 'firebase', verifyIdToken };
}

/** How long a key set answer may be used: max-age minus Age, within sane bounds. */
export function cacheLifetimeMs(headers: Headers): number {
  const cacheControl = headers.get('cache-control') ?? '';
  if (/\b(no-store|no-cache)\b/i.test(cacheControl)) return KEY_SET_MIN_TTL_MS;
  const maxAge = /\bmax-age=(\d+)/i.exec(cacheControl)?.[1];
  if (maxAge === undefined) return KEY_SET_MIN_TTL_MS;
  const age = Number(/^\d+$/.exec(headers.get('age') ?? '')?.[0] ?? 0);
  const seconds = Number(maxAge) - age;
  return Math.min(Math.max(seconds * 1000, KEY_SET_MIN_TTL_MS), KEY_SET_MAX_TTL_MS);
}

/**
 * A key set loaded over HTTP once and reused until its cache lifetime ends. Concurrent
 * verifications share one fetch; when a refresh fails the previous keys stay in use
 * (stale-if-error) and the fetch is retried after a pause instead of on every request.
 */
export function createCachedRemoteKeySet({
  url,
  fetchImpl,
  now,
}: {
  url: string;
  fetchImpl: typeof fetch;
  now: () => number;
}): JWTVerifyGetKey {
  let cached: { keySet: JWTVerifyGetKey; expiresAt: number } | undefined;
  let lastAttemptAt = -Infinity;
  let inFlight: Promise<void> | undefined;

  async function fetchKeySet(): Promise<void> {
    lastAttemptAt = now();
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(5_000),
      });
    } catch (error) {
      throw new KeySetUnavailableError(`key set fetch failed (${(error as Error).name})`);
    }
    if (!response.ok) throw new KeySetUnavailableError(`key set answered ${response.status}`);
    let keySet: JWTVerifyGetKey;
    try {
      keySet = createLocalJWKSet((await response.json()) as JSONWebKeySet);
    } catch {
      throw new KeySetUnavailableError('key set answer is not a JWKS');
    }
    cached = { keySet, expiresAt: now() + cacheLifetimeMs(response.headers) };
  }

  async function refresh(): Promise<void> {
    inFlight ??= fetchKeySet().finally(() => (inFlight = undefined));
    try {
      await inFlight;
    } catch (error) {
      if (!cached) throw error;
      cached.expiresAt = now() + KEY_SET_RETRY_MS;
    }
  }

  return async (header, token) => {
    if (!cached || cached.expiresAt <= now()) await refresh();
    try {
      return await cached!.keySet(header, token);
    } catch (error) {
      const mayBeRotated =
        error instanceof errors.JWKSNoMatchingKey &&
        now() - lastAttemptAt >= UNKNOWN_KID_COOLDOWN_MS;
      if (!mayBeRotated) throw error;
      await refresh();
      return cached!.keySet(header, token);
    }
  };
}
