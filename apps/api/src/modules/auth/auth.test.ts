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
  const cases: Array<
    [
      string,
      string,
      () => Promise<{ headers: Record<string, string>; url?: string; token?: string }>,
    ]
  > = [
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
        const token = await signLocal(validClaims(), { key: privateKey });
        return { headers: { authorization: `Bearer ${token}` }, token };
      },
    ],
    [
      'alg none',
      'alg must be RS256',
      async () => {
        const token = `${b64({ alg: 'none', kid: privateJwk.kid, typ: 'JWT' })}.${b64(validClaims())}.`;
        return { headers: { authorization: `Bearer ${token}` }, token };
      },
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
        const token = `${unsigned}.${signature}`;
        return { headers: { authorization: `Bearer ${token}` }, token };
      },
    ],
    [
      'an unknown kid',
      'ERR_JWKS_NO_MATCHING_KEY',
      async () => {
        const token = await signLocal(validClaims(), { kid: 'no-such-key' });
        return { headers: { authorization: `Bearer ${token}` }, token };
      },
    ],
    [
      'no kid at all',
      'no kid',
      async () => {
        const key = await importJWK(privateJwk, 'RS256');
        const token = await new SignJWT(validClaims())
          .setProtectedHeader({ alg: 'RS256' })
          .sign(key);
        return { headers: { authorization: `Bearer ${token}` }, token };
      },
    ],
    [
      'an expired token',
      'ERR_JWT_EXPIRED',
      async () => {
        const now = nowSeconds();
        const token = await signLocal(
          validClaims({ iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }),
        );
        return { headers: { authorization: `Bearer ${token}` }, token };
      },
    ],
    [
      'iat in the future',
      'iat in the future',
      async () => {
        const now = nowSeconds();
        const token = await signLocal(validClaims({ iat: now + 600, exp: now + 4200 }));
        return { headers: { authorization: `Bearer ${token}` }, token };
      },
    ],
    [
      'auth_time in the future',
      'auth_time in the future',
      async () => {
        const token = await signLocal(validClaims({ auth_time: nowSeconds() + 600 }));
        return { headers: { authorization: `Bearer ${token}` }, token };
      },
    ],
    [
      'no auth_time',
      'ERR_JWT_CLAIM_VALIDATION_FAILED (auth_time)',
      async () => {
        const token = await signLocal(validClaims({ auth_time: undefined }));
        return { headers: { authorization: `Bearer ${token}` }, token };
      },
    ],
    [
      'a wrong aud',
      'ERR_JWT_CLAIM_VALIDATION_FAILED (aud)',
      async () => {
        const token = await signLocal(validClaims({ aud: 'some-other-project' }));
        return { headers: { authorization: `Bearer ${token}` }, token };
      },
    ],
    [
      'a wrong iss',
      'ERR_JWT_CLAIM_VALIDATION_FAILED (iss)',
      async () => {
        const token = await signLocal(
          validClaims({ iss: 'https://securetoken.google.com/portal-local' }),
        );
        return { headers: { authorization: `Bearer ${token}` }, token };
      },
    ],
    [
      'an empty sub',
      'sub must be 1 to 128 characters',
      async () => {
        const token = await signLocal(validClaims({ sub: '' }));
        return { headers: { authorization: `Bearer ${token}` }, token };
      },
    ],
    [
      'a 129-character sub',
      'sub must be 1 to 128 characters',
      async () => {
        const token = await signLocal(validClaims({ sub: 'a'.repeat(129) }));
        return { headers: { authorization: `Bearer ${token}` }, token };
      },
    ],
    [
      'no email claim',
      'token has no email',
      async () => {
        const token = await signLocal(validClaims({ email: undefined }));
        return { headers: { authorization: `Bearer ${token}` }, token };
      },
    ],
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
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'not authenticated', code: 'NOT_AUTHENTICATED' });

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

describe('local development sign-in (AUTH_PROVIDER=local)', () => {
  it('POST /api/dev-auth/token answers an RS256 token valid one hour', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev-auth/token',
      payload: { email: 'dev@example.test', name: 'Dev Person' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { idToken, expiresIn } = response.json() as { idToken: string; expiresIn: number };
    expect(expiresIn).toBe(3600);
    expect(JSON.parse(Buffer.from(idToken.split('.')[0]!, 'base64url').toString())).toMatchObject({
      alg: 'RS256',
      kid: privateJwk.kid,
    });
  });

  it('answers 400 with the spec message for a bad e-mail', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev-auth/token',
      payload: { email: 'not-an-email', name: 'X' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fieldErrors: { email: 'Please enter a valid email address.' },
    });
  });

  it('serves the popup page plainly marked as local development sign-in, without inline code', async () => {
    const response = await ctx.app.inject('/api/dev-auth/popup?state=abcdefghijklmnop1234');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    const html = response.body;
    expect(html).toContain('Local development sign-in');
    expect(html).toContain('<script type="module" src="/api/dev-auth/popup.js"></script>');
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      '<script type="module" src="/api/dev-auth/popup.js">',
    ]);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
  });

  it('serves the popup in Arabic, right to left', async () => {
    const html = (await ctx.app.inject('/api/dev-auth/popup?lang=ar')).body;
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('تسجيل دخول للتطوير المحلي');
  });

  it.each(['ar', 'zh-CN'])(
    'writes the brand and Google in the letters of %s, never in Latin ones',
    async (language) => {
      const html = (await ctx.app.inject(`/api/dev-auth/popup?lang=${language}`)).body;
      expect(html).not.toMatch(/CareBridge|Google/);
    },
  );

  it('falls back to English for a language it does not have', async () => {
    const response = await ctx.app.inject('/api/dev-auth/popup?lang=xx-YY');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="en" dir="ltr">');
  });

  it('refuses a state that is not a random URL-safe value', async () => {
    const response = await ctx.app.inject('/api/dev-auth/popup?state=%3Cscript%3E');
    expect(response.statusCode).toBe(400);
  });

  it('serves the popup script and styles from their own routes', async () => {
    const script = await ctx.app.inject('/api/dev-auth/popup.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('window.opener.postMessage(');
    expect(script.body).toContain('location.origin');
    expect(script.body).not.toMatch(/postMessage\([^)]*'\*'/);
    // Parses as JavaScript, and its regular expressions survived the template string intact.
    expect(() => new Function(script.body)).not.toThrow();
    expect(script.body).toContain(String.raw`const EMAIL = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;`);
    expect(script.body).toContain(String.raw`/^(dr|prof|mr|mrs|ms)\.?\s+/i`);
    const styles = await ctx.app.inject('/api/dev-auth/popup.css');
    expect(styles.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(styles.body).not.toMatch(/\b(margin|padding)-(left|right)\b|\b(left|right):/);
  });

  it('publishes the local public key set without private parts', async () => {
    const { keys } = (await ctx.app.inject('/api/dev-auth/jwks.json')).json() as { keys: JWK[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kid: privateJwk.kid, alg: 'RS256', kty: 'RSA' });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('documents the dev-auth routes in OpenAPI', async () => {
    const { paths } = (await ctx.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, unknown>;
    };
    expect(paths).toHaveProperty('/api/dev-auth/popup');
    expect(paths).toHaveProperty('/api/auth/login');
  });
});
