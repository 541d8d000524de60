import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { createIdTokenVerifier } from './id-token-verifier.ts';
import type { IdentityProvider } from './identity.ts';

export const GOOGLE_SECURETOKEN_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

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
  let inFlight: Promise<JWTVerifyGetKey> | undefined;

  async function refresh(): Promise<JWTVerifyGetKey> {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`key set answered ${response.status}`);
    const jwks = (await response.json()) as JSONWebKeySet;
    const maxAge = /max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1];
    const keySet = createLocalJWKSet(jwks);
    cached = { keySet, expiresAt: now() + Number(maxAge ?? 0) * 1000 };
    return keySet;
  }

  return async (header, token) => {
    if (!cached || cached.expiresAt <= now()) {
      inFlight ??= refresh().finally(() => (inFlight = undefined));
      await inFlight;
    }
    return cached!.keySet(header, token);
  };
}
