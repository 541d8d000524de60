import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { InvalidTokenError, type VerifiedIdentity } from './identity.ts';

const MAX_SUB_LENGTH = 128;

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
    let payload: JWTPayload;
    try {
      const header = decodeHeader(token);
      if (header.alg !== 'RS256' || typeof header.kid !== 'string' || !header.kid) {
        throw new InvalidTokenError('token must be RS256 with a kid');
      }
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: ['RS256'],
        issuer,
        audience,
        requiredClaims: ['exp', 'iat', 'sub', 'auth_time'],
        currentDate: new Date(now()),
      }));
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      const reason = error instanceof errors.JOSEError ? error.code : 'malformed';
      throw new InvalidTokenError(reason);
    }
    const nowSeconds = Math.floor(now() / 1000);
    const { sub, iat, auth_time: authTime } = payload as JWTPayload & { auth_time?: unknown };
    if (typeof sub !== 'string' || sub.length === 0 || sub.length > MAX_SUB_LENGTH) {
      throw new InvalidTokenError('sub must be 1 to 128 characters');
    }
    if (typeof iat !== 'number' || iat > nowSeconds)
      throw new InvalidTokenError('iat in the future');
    if (typeof authTime !== 'number' || authTime > nowSeconds) {
      throw new InvalidTokenError('auth_time in the future');
    }
    const email = typeof payload.email === 'string' ? payload.email : '';
    if (!email) throw new InvalidTokenError('token has no email');
    const name =
      typeof payload.name === 'string' && payload.name.trim() ? payload.name : email.split('@')[0]!;
    const picture =
      typeof payload.picture === 'string' && payload.picture.startsWith('https://')
        ? payload.picture
        : null;
    return { uid: `${uidPrefix}:${sub}`, email, name, picture };
  };
}

function decodeHeader(token: string): { alg?: unknown; kid?: unknown } {
  const [encoded] = token.split('.');
  try {
    return JSON.parse(Buffer.from(encoded ?? '', 'base64url').toString('utf8')) as {
      alg?: unknown;
      kid?: unknown;
    };
  } catch {
    throw new InvalidTokenError('malformed header');
  }
}
