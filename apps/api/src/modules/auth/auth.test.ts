import crypto from 'node:crypto';
import {
  generateKeyPair,
  importJWK,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/app.ts';
import { LOCAL_AUDIENCE } from '../../providers/identity/local.ts';
import { loadLocalSigningKey } from '../../providers/identity/local-signing-key.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';

const ctx = useTestApp();
let privateJwk: JWK;

beforeAll(async () => {
  privateJwk = await loadLocalSigningKey(ctx.database.db);
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Claims of a valid local ID token; each case below breaks exactly one rule. */
function validClaims(overrides: Record<string, unknown> = {}): JWTPayload {
  const now = nowSeconds();
  return {
    iss: ctx.local.issuer,
    aud: LOCAL_AUDIENCE,
    sub: `sub-${crypto.randomUUID()}`,
    iat: now - 10,
    exp: now + 3600,
    auth_time: now - 10,
    email: `matrix-${crypto.randomUUID()}@example.test`,
    name: 'Dr. Matrix',
    ...overrides,
  };
}

async function signLocal(
  claims: JWTPayload,
  { kid = privateJwk.kid!, key }: { kid?: string; key?: CryptoKey } = {},
): Promise<string> {
  const signingKey = key ?? (await importJWK(privateJwk, 'RS256'));
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(signingKey);
}

function publicKeyPem(): string {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;
  return crypto
    .createPublicKey({ key: publicJwk as crypto.JsonWebKey, format: 'jwk' })
    .export({ type: 'spki', format: 'pem' })
    .toString();
}

function login(headers: Record<string, string> = {}, url = '/api/auth/login') {
  return ctx.app.inject({ method: 'POST', url, headers });
}

function logsOf(requestId: string): string[] {
  return ctx.logs.filter((line) => line.includes(requestId));
}

describe('POST /api/auth/login with a valid token', () => {
  it('creates the user on first sign-in from the token, then answers the stored user', async () => {
    const picture = 'https://example.test/avatar.png';
    const claims = validClaims({ name: 'Dr. Ada Lovelace', picture });
    const first = await login({ authorization: `Bearer ${await signLocal(claims)}` });
    expect(first.statusCode).toBe(200);
    const { user } = first.json() as { user: Record<string, unknown> };
    expect(user).toMatchObject({
      name: 'Dr. Ada Lovelace',
      email: claims.email,
      picture,
      premiumMember: false,
      age: null,
    });

    // The same subject again, with a display name changed at the provider: the stored user wins.
    const renamed = await signLocal({ ...claims, name: 'Renamed Elsewhere' });
    const again = await login({ authorization: `Bearer ${renamed}` });
    expect(again.statusCode).toBe(200);
    expect((again.json() as { user: unknown }).user).toEqual(user);
    const { rows } = await ctx.database.pool.query(
      'select count(*)::int as n from users where uid = $1',
      [`local:${String(claims.sub)}`],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('reuses the user for the same local account and stores exactly one row', async () => {
    const email = `reuse-${crypto.randomUUID()}@example.test`;
    const first = await signIn(ctx, { email, name: 'Reuse Me' });
    const second = await signIn(ctx, { email: email.toUpperCase(), name: 'Reuse Me' });
    expect(second.user._id).toBe(first.user._id);
    const { rows } = await ctx.database.pool.query(
      'select count(*)::int as n from users where email = $1',
      [email],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('accepts a sub of exactly 128 characters', async () => {
    const response = await login({
      authorization: `Bearer ${await signLocal(validClaims({ sub: 'a'.repeat(128) }))}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('tolerates a few seconds of clock skew on iat and auth_time, no more', async () => {
    const soon = nowSeconds() + 3;
    const skewed = await signLocal(validClaims({ iat: soon, auth_time: soon }));
    expect((await login({ authorization: `Bearer ${skewed}` })).statusCode).toBe(200);
  });

  it('accepts the scheme in any letter case', async () => {
    const token = await signLocal(validClaims());
    expect((await login({ authorization: `bearer ${token}` })).statusCode).toBe(200);
  });

  it('limits sign-ins per user, not per address', async () => {
    const busy = await signLocal(validClaims({ sub: `busy-${crypto.randomUUID()}` }));
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await login({ authorization: `Bearer ${busy}` })).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const other = await signLocal(validClaims());
    expect((await login({ authorization: `Bearer ${other}` })).statusCode).toBe(200);
  });
});

describe('every bad token is 401 not authenticated, logged without the token', () => {
  type BadRequest = { headers: Record<string, string>; url?: string; token?: string };
  /** The token sent as the bearer credential, kept to look for it in the logs. */
  const asBearer = (token: string): BadRequest => ({
    headers: { authorization: `Bearer ${token}` },
    token,
  });
  /** A token signed with the right key whose claims are valid but for `overrides`. */
  const withClaims =
    (overrides: Record<string, unknown> | (() => Record<string, unknown>)) => async () =>
      asBearer(
        await signLocal(validClaims(typeof overrides === 'function' ? overrides() : overrides)),
      );

  const cases: Array<[string, string, () => Promise<BadRequest>]> = [
    ['a missing token', 'no bearer token', async () => ({ headers: {} })],
    [
      'a malformed token',
      'malformed header',
      async () => ({
        headers: { authorization: 'Bearer not.a-valid.jwt' },
        token: 'not.a-valid.jwt',
      }),
    ],
    [
      'a non-bearer scheme',
      'malformed authorization header',
      async () => {
        const token = await signLocal(validClaims());
        return { headers: { authorization: `Basic ${token}` }, token };
      },
    ],
    [
      'a token signed with another key',
      'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
      async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return asBearer(await signLocal(validClaims(), { key: privateKey }));
      },
    ],
    [
      'alg none',
      'alg must be RS256',
      async () =>
        asBearer(`${b64({ alg: 'none', kid: privateJwk.kid, typ: 'JWT' })}.${b64(validClaims())}.`),
    ],
    [
      'HS256 signed with the public key',
      'alg must be RS256',
      async () => {
        const unsigned = `${b64({ alg: 'HS256', kid: privateJwk.kid, typ: 'JWT' })}.${b64(validClaims())}`;
        const signature = crypto
          .createHmac('sha256', publicKeyPem())
          .update(unsigned)
          .digest('base64url');
        return asBearer(`${unsigned}.${signature}`);
      },
    ],
    [
      'an unknown kid',
      'ERR_JWKS_NO_MATCHING_KEY',
      async () => asBearer(await signLocal(validClaims(), { kid: 'no-such-key' })),
    ],
    [
      'no kid at all',
      'no kid',
      async () => {
        const key = await importJWK(privateJwk, 'RS256');
        const token = await new SignJWT(validClaims())
          .setProtectedHeader({ alg: 'RS256' })
          .sign(key);
        return asBearer(token);
      },
    ],
    [
      'an expired token',
      'ERR_JWT_EXPIRED',
      withClaims(() => {
        const now = nowSeconds();
        return { iat: now - 7200, auth_time: now - 7200, exp: now - 3600 };
      }),
    ],
    [
      'iat in the future',
      'iat in the future',
      withClaims(() => {
        const now = nowSeconds();
        return { iat: now + 600, exp: now + 4200 };
      }),
    ],
    [
      'auth_time in the future',
      'auth_time in the future',
      withClaims(() => ({ auth_time: nowSeconds() + 600 })),
    ],
    [
      'no auth_time',
      'ERR_JWT_CLAIM_VALIDATION_FAILED (auth_time)',
      withClaims({ auth_time: undefined }),
    ],
    [
      'a wrong aud',
      'ERR_JWT_CLAIM_VALIDATION_FAILED (aud)',
      withClaims({ aud: 'some-other-project' }),
    ],
    [
      'a wrong iss',
      'ERR_JWT_CLAIM_VALIDATION_FAILED (iss)',
      withClaims({ iss: 'https://securetoken.google.com/portal-local' }),
    ],
    ['an empty sub', 'sub must be 1 to 128 characters', withClaims({ sub: '' })],
    [
      'a 129-character sub',
      'sub must be 1 to 128 characters',
      withClaims({ sub: 'a'.repeat(129) }),
    ],
    ['no email claim', 'token has no email', withClaims({ email: undefined })],
    [
      'a valid token in the query string',
      'token in the query string (not accepted)',
      async () => {
        const token = await signLocal(validClaims());
        return { headers: {}, url: `/api/auth/login?token=${token}`, token };
      },
    ],
    [
      'a valid token in the query string under access_token',
      'token in the query string (not accepted)',
      async () => {
        const token = await signLocal(validClaims());
        return { headers: {}, url: `/api/auth/login?access_token=${token}`, token };
      },
    ],
    [
      'an encoded path that spells /api',
      'no bearer token',
      async () => ({ headers: {}, url: '/%61pi/auth/login' }),
    ],
  ];

  it.each(cases)('%s', async (_name, reason, build) => {
    const { headers, url, token } = await build();
    const response = await login(headers, url);
    expectErrorAnswer(response, 401, { message: 'not authenticated', code: 'NOT_AUTHENTICATED' });

    const requestId = String(response.headers['x-request-id']);
    const lines = logsOf(requestId);
    const rejected = lines.find((line) => line.includes('sign-in rejected'));
    expect(rejected).toBeDefined();
    expect(JSON.parse(rejected!)).toMatchObject({ reason, level: 40 });
    const everything = ctx.logs.join('\n');
    if (token) {
      expect(everything).not.toContain(token);
      const [, payload, signature] = token.split('.');
      expect(everything).not.toContain(payload);
      if (signature) expect(everything).not.toContain(signature);
    }
  });

  it('proves the crafting helpers make tokens the API accepts (control case)', async () => {
    const response = await login({ authorization: `Bearer ${await signLocal(validClaims())}` });
    expect(response.statusCode).toBe(200);
  });
});
