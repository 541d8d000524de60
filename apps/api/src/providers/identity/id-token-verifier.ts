import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { InvalidTokenError, KeySetUnavailableError, type VerifiedIdentity } from './identity.ts';

const MAX_SUB_LENGTH = 128;
/**
 * `iat` and `auth_time` may be this far ahead of our clock: a token Google minted a moment
 * ago must not be refused because this server's clock lags by a second or two.
 */
export const CLOCK_SKEW_SECONDS = 5;
/** Far above any real ID token (Firebase's are ~1 kB); parsing stops before work is wasted. */
const MAX_TOKEN_LENGTH = 8192;

/**
 * Checks an ID token by every rule Firebase documents for third-party verification:
 * RS256 only, a known `kid`, `aud` = project, `iss` = issuer, `exp` in the future,
 * `iat` and `auth_time` in the past, and a non-empty `sub` of at most 128 characters.
 * Local tokens use the same rules against the local key set.
 */
export function createIdTokenVerifier({
  keys,
  issuer,
  audience,
  uidPrefix,
  now = () => Date.now(),
}: {
  keys: JWTVerifyGetKey;
  issuer: string;
  audience: string;
  uidPrefix: string;
  now?: () => number;
}) {
  return async function verifyIdToken(token: string): Promise<VerifiedIdentity> {
    if (token.length > MAX_TOKEN_LENGTH) throw new InvalidTokenError('token too long');
    let payload: JWTPayload;
    try {
      const header = decodeHeader(token);
      if (header.alg !== 'RS256') throw new InvalidTokenError('alg must be RS256');
      if (typeof header.kid !== 'string' || !header.kid) throw new InvalidTokenError('no kid');
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: ['RS256'],
        issuer,
        audience,
        requiredClaims: ['exp', 'iat', 'sub', 'auth_time'],
        currentDate: new Date(now()),
      }));
    } catch (error) {
      if (error instanceof InvalidTokenError || error instanceof KeySetUnavailableError)
        throw error;
      // jose's codes (ERR_JWT_EXPIRED, ERR_JWKS_NO_MATCHING_KEY, …) and claim names are safe to log.
      if (error instanceof errors.JWTClaimValidationFailed) {
        throw new InvalidTokenError(`${error.code} (${error.claim})`);
      }
      throw new InvalidTokenError(error instanceof errors.JOSEError ? error.code : 'malformed');
    }
    const nowSeconds = Math.floor(now() / 1000);
    const { sub, iat, auth_time: authTime } = payload as JWTPayload & { auth_time?: unknown };
    if (typeof sub !== 'string' || sub.length === 0 || sub.length > MAX_SUB_LENGTH) {
      throw new InvalidTokenError('sub must be 1 to 128 characters');
    }
    if (typeof iat !== 'number' || iat > nowSeconds + CLOCK_SKEW_SECONDS)
      throw new InvalidTokenError('iat in the future');
    if (typeof authTime !== 'number' || authTime > nowSeconds + CLOCK_SKEW_SECONDS) {
      throw new InvalidTokenError('auth_time in the future');
    }
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    if (!email) throw new InvalidTokenError('token has no email');
    const name =
      typeof payload.name === 'string' && payload.name.trim()
        ? payload.name.trim().slice(0, 100)
        : email.split('@')[0]!;
    const picture =
      typeof payload.picture === 'string' && payload.picture.startsWith('https://')
        ? payload.picture
        : null;
    const isEmailVerified = payload.email_verified === true;
    return { uid: `${uidPrefix}:${sub}`, email, isEmailVerified, name, picture };
  };
}

function decodeHeader(token: string): { alg?: unknown; kid?: unknown } {
  const [encoded] = token.split('.');
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(encoded ?? '', 'base64url').toString('utf8'));
  } catch {
    throw new InvalidTokenError('malformed header');
  }
  if (typeof header !== 'object' || header === null)
    throw new InvalidTokenError('malformed header');
  return header as { alg?: unknown; kid?: unknown };
}
