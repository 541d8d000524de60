import type { VerifiedIdentity } from './identity.ts';

const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * Remembers tokens that passed verification until their own `exp`, so a session's many calls
 * pay for one RSA signature check instead of one per request.
 * Keyed by the whole token string: only its holder can hit the entry. Failures are never
 * cached, and the oldest entry goes first when the cache is full.
 */
export function withVerifiedTokenCache(
  verify: (token: string) => Promise<VerifiedIdentity>,
  { maxEntries = DEFAULT_MAX_ENTRIES, now = () => Date.now() } = {},
): (token: string) => Promise<VerifiedIdentity> {
  const cache = new Map<string, { identity: VerifiedIdentity; expiresAtMs: number }>();
  return async (token) => {
    const hit = cache.get(token);
    if (hit && hit.expiresAtMs > now()) return hit.identity;
    if (hit) cache.delete(token);
    const identity = await verify(token);
    const expiresAtMs = expiryOf(token);
    if (expiresAtMs > now()) {
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(token, { identity, expiresAtMs });
    }
    return identity;
  };
}

/** The `exp` of a token that has just been verified, in milliseconds (0 if unreadable). */
function expiryOf(token: string): number {
  try {
    const payload = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}
