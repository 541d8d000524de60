import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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
  }): Promise<{ idToken: string; expiresIn: number }>;
  jwks(): { keys: JWK[] };
}

/**
 * The development identity provider: an RS256 key pair generated once and kept in
 * DATA_DIR, tokens shaped like Firebase's, checked by the same verifier as production.
 */
export async function createLocalIdentityProvider({
  dataDir,
  publicUrl,
}: {
  dataDir: string;
  publicUrl: string;
}): Promise<LocalIdentityProvider> {
  const { privateJwk, publicJwk } = await loadOrCreateKey(
    path.join(dataDir, 'local-auth-key.json'),
  );
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
    async issueIdToken({ email, name }) {
      const normalized = email.trim().toLowerCase();
      const sub = crypto.createHash('sha256').update(normalized).digest('base64url').slice(0, 28);
      const now = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({
        name,
        email: normalized,
        email_verified: true,
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

async function loadOrCreateKey(file: string): Promise<{ privateJwk: JWK; publicJwk: JWK }> {
  if (fs.existsSync(file)) {
    const privateJwk = JSON.parse(fs.readFileSync(file, 'utf8')) as JWK;
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;
    return { privateJwk, publicJwk: { ...publicJwk, use: 'sig', alg: 'RS256' } };
  }
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = crypto.randomBytes(8).toString('hex');
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(privateJwk), { mode: 0o600 });
  return { privateJwk, publicJwk };
}
