import crypto from 'node:crypto';
import {
  CompactSign,
  compactVerify,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
} from 'jose';
import type { SigningJwk } from '../config.ts';

/**
 * What a prescription's verification token says: its random id (the row's `verify_id`, a UUID,
 * written as its 16 bytes in base64url: 22 characters) and when it expires.
 */
export interface VerificationClaims {
  jti: string;
  /** Seconds since the epoch, as JWT's `exp`. */
  exp: number;
}

/**
 * The keys of prescriptions' verification tokens: compact JWS, EdDSA (Ed25519), with the key's
 * `kid` in the header. The first key signs; every key verifies, so keys rotate by `kid`.
 */
export interface PrescriptionKeys {
  /** The `kid` of the key that signs. */
  signingKid: string;
  /** Every configured key's `kid`: the tokens they signed verify. */
  kids: string[];
  sign(claims: VerificationClaims): Promise<{ token: string; kid: string }>;
  /** The claims of a token one of the keys signed; null for anything else (forged, altered, unknown kid, malformed). */
  verify(token: string): Promise<VerificationClaims | null>;
}

/** A token's shape before any key is asked: three base64url parts, a bound on the length. */
const COMPACT_JWS = /^[A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{86}$/;
const JTI = /^[A-Za-z0-9_-]{21}[AQgw]$/;

/** A UUID as a token's `jti`: its 16 bytes in base64url. */
export const jtiOf = (uuid: string) =>
  Buffer.from(uuid.replaceAll('-', ''), 'hex').toString('base64url');

/** The UUID a token's `jti` writes. */
export function uuidOfJti(jti: string): string {
  const hex = Buffer.from(jti, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function keyRing(keys: SigningJwk[]): Promise<PrescriptionKeys> {
  const imported = new Map<string, { privateKey: CryptoKey; publicKey: CryptoKey }>();
  for (const { kid, x, d } of keys) {
    const jwk = { kty: 'OKP', crv: 'Ed25519', x };
    imported.set(kid, {
      privateKey: (await importJWK({ ...jwk, d }, 'EdDSA')) as CryptoKey,
      publicKey: (await importJWK(jwk, 'EdDSA')) as CryptoKey,
    });
  }
  const signingKid = keys[0]!.kid;
  const decoder = new TextDecoder();
  return {
    signingKid,
    kids: [...imported.keys()],
    async sign(claims) {
      const token = await new CompactSign(
        new TextEncoder().encode(JSON.stringify({ jti: claims.jti, exp: claims.exp })),
      )
        .setProtectedHeader({ alg: 'EdDSA', kid: signingKid })
        .sign(imported.get(signingKid)!.privateKey);
      return { token, kid: signingKid };
    },
    async verify(token) {
      if (!COMPACT_JWS.test(token)) return null;
      try {
        const { payload } = await compactVerify(
          token,
          (header) => {
            const key = typeof header.kid === 'string' && imported.get(header.kid);
            if (!key) throw new Error('unknown kid');
            return key.publicKey;
          },
          { algorithms: ['EdDSA'] },
        );
        const claims = JSON.parse(decoder.decode(payload)) as Partial<VerificationClaims>;
        if (typeof claims.jti !== 'string' || !JTI.test(claims.jti)) return null;
        if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return null;
        return { jti: claims.jti, exp: claims.exp };
      } catch {
        return null;
      }
    },
  };
}

/** A new Ed25519 key as the configuration takes it (a private JWK with its `kid`). */
export async function generatePrescriptionKey(kid: string): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const { x, d } = await exportJWK(privateKey);
  return { kty: 'OKP', crv: 'Ed25519', kid, x: x!, d: d! };
}

/**
 * The configured keys (`PRESCRIPTION_SIGNING_KEYS`), or, outside production (where the
 * configuration refuses to start without them), one generated for this process: it never
 * touches the database, so its tokens stop verifying when the process ends.
 */
export async function loadPrescriptionKeys(
  configured: SigningJwk[] | undefined,
  log: { warn: (message: string) => void },
): Promise<PrescriptionKeys> {
  if (configured) return keyRing(configured);
  log.warn(
    'PRESCRIPTION_SIGNING_KEYS is not set: prescriptions are signed with a key made for this process only, so their verification links stop working after a restart; configure the keys to keep them',
  );
  return keyRing([await generatePrescriptionKey(`dev-${crypto.randomUUID().slice(0, 4)}`)]);
}
