import crypto from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { createIdTokenVerifier } from './id-token-verifier.ts';
import type { IdentityProvider } from './identity.ts';

export const LOCAL_AUDIENCE = 'portal-local';
export const LOCAL_TOKEN_SECONDS = 3600;

export interface LocalIdentityProvider extends IdentityProvider {
  readonly name: 'local';
  readonly issuer: string;
  /** Signs an ID token with Firebase's claim layout, valid for one hour. */
  issueIdToken(input: {
    email: string;
    name: string;
    /** False signs a token whose address is not verified (as a provider may); default true. */
    isEmailVerified?: boolean;
  }): Promise<{ idToken: string; expiresIn: number }>;
  jwks(): { keys: JWK[] };
}

/**
 * The development identity provider: tokens shaped like Firebase's, signed with an RS256 key
 * (kept in the database, see local-signing-key.ts, so every instance shares it) and checked by
 * the same verifier as production.
 */
export async function createLocalIdentityProvider({
  privateJwk,
  publicUrl,
}: {
  privateJwk: JWK;
  publicUrl: string;
}): Promise<LocalIdentityProvider> {
  const publicJwk = publicJwkOf(privateJwk);
  const privateKey = await importJWK(privateJwk, 'RS256');
  const issuer = `${publicUrl}/api/dev-auth`;
  const verifyIdToken = createIdTokenVerifier({
    keys: createLocalJWKSet({ keys: [publicJwk] }),
    issuer,
    audience: LOCAL_AUDIENCE,
    uidPrefix: 'local',
  });
  return {
    name: 'local',
    issuer,
    verifyIdToken,
    jwks: () => ({ keys: [publicJwk] }),
    async issueIdToken({ email, name, isEmailVerified = true }) {
      const normalized = email.trim().toLowerCase();
      const sub = crypto.createHash('sha256').update(normalized).digest('base64url').slice(0, 28);
      const now = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({
        name,
        email: normalized,
        email_verified: isEmailVerified,
        auth_time: now,
        user_id: sub,
        firebase: { identities: { email: [normalized] }, sign_in_provider: 'local' },
      })
        .setProtectedHeader({ alg: 'RS256', kid: publicJwk.kid!, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(LOCAL_AUDIENCE)
        .setSubject(sub)
        .setIssuedAt(now)
        .setExpirationTime(now + LOCAL_TOKEN_SECONDS)
        .sign(privateKey);
      return { idToken, expiresIn: LOCAL_TOKEN_SECONDS };
    },
  };
}

/** A new RS256 private key as a JWK with a random `kid`. */
export async function generateLocalSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = crypto.randomBytes(8).toString('hex');
  return { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
}

function publicJwkOf(privateJwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;
  return { ...publicJwk, use: 'sig', alg: 'RS256' };
}
