import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import type { Db } from '../../db/client.ts';
import {
  cacheLifetimeMs,
  createFirebaseIdentityProvider,
  KEY_SET_MIN_TTL_MS,
  UNKNOWN_KID_COOLDOWN_MS,
} from './firebase.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';

const PROJECT = 'demo-portal';
const FIREBASE_ENV = {
  AUTH_PROVIDER: 'firebase',
  FIREBASE_PROJECT_ID: PROJECT,
  FIREBASE_API_KEY: 'demo-api-key',
  FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
};

/** A stand-in for Google's securetoken key set on 127.0.0.1 that counts its fetches. */
interface FakeKeyServer {
  url: string;
  hits: number;
  cacheControl: string;
  age?: string;
  status: number;
  keys: JWK[];
  close(): Promise<void>;
}

async function startFakeKeyServer(keys: JWK[]): Promise<FakeKeyServer> {
  const server = http.createServer((_request, response) => {
    fake.hits += 1;
    response.statusCode = fake.status;
    response.setHeader('content-type', 'application/json');
    response.setHeader('cache-control', fake.cacheControl);
    if (fake.age) response.setHeader('age', fake.age);
    response.end(JSON.stringify({ keys: fake.keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeKeyServer = {
    url: `http://127.0.0.1:${port}/service_accounts/v1/jwk/securetoken`,
    hits: 0,
    cacheControl: 'public, max-age=600, must-revalidate, no-transform',
    status: 200,
    keys,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}

async function createGoogleKey(kid: string): Promise<{ privateKey: CryptoKey; publicJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256' } };
}

let clock = Date.now();
const now = () => clock;

async function firebaseToken(
  key: { privateKey: CryptoKey; publicJwk: JWK },
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const seconds = Math.floor(clock / 1000);
  return new SignJWT({
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    sub: 'google-uid-123',
    iat: seconds - 5,
    exp: seconds + 3600,
    auth_time: seconds - 5,
    email: 'grace@example.test',
    name: 'Dr. Grace Hopper',
    picture: 'https://lh3.googleusercontent.com/a/photo',
    ...overrides,
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.publicJwk.kid!, typ: 'JWT' })
    .sign(key.privateKey);
}

describe('AUTH_PROVIDER=firebase', () => {
  let google: { privateKey: CryptoKey; publicJwk: JWK };
  let keyServer: FakeKeyServer;
  let ctx: TestContext;

  beforeAll(async () => {
    google = await createGoogleKey('google-key-1');
    keyServer = await startFakeKeyServer([google.publicJwk]);
    ctx = await createTestApp({
      env: FIREBASE_ENV,
      deps: {
        identity: createFirebaseIdentityProvider({
          projectId: PROJECT,
          jwksUrl: keyServer.url,
          now,
        }),
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await keyServer.close();
  });

  it('signs in with a Google-signed ID token and creates a firebase: user', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: `Bearer ${await firebaseToken(google)}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: {
        name: 'Dr. Grace Hopper',
        email: 'grace@example.test',
        picture: 'https://lh3.googleusercontent.com/a/photo',
      },
    });
    const { rows } = await ctx.database.pool.query<{ uid: string }>('select uid from users');
    expect(rows.map((row) => row.uid)).toEqual(['firebase:google-uid-123']);
  });

  it('rejects a token from the local issuer with 401 not authenticated', async () => {
    const { idToken } = await ctx.local.issueIdToken({ email: 'dev@example.test', name: 'Dev' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expectErrorAnswer(response, 401, { message: 'not authenticated', code: 'NOT_AUTHENTICATED' });
    expect(ctx.logs.join('\n')).not.toContain(idToken.split('.')[2]);
  });

  it('rejects a Google-signed token for another project', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: `Bearer ${await firebaseToken(google, { aud: 'other-project' })}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('has no local sign-in routes at all', async () => {
    for (const url of [
      '/api/dev-auth/popup',
      '/api/dev-auth/popup.js',
      '/api/dev-auth/jwks.json',
    ]) {
      const response = await ctx.app.inject(url);
      expect(response.statusCode, url).toBe(404);
    }
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev-auth/token',
      payload: { email: 'x@example.test', name: 'X' },
    });
    expect(token.statusCode).toBe(404);
    const { paths } = (await ctx.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(paths).filter((p) => p.startsWith('/api/dev-auth'))).toEqual([]);
  });
});

describe('Google key set caching', () => {
  let google: { privateKey: CryptoKey; publicJwk: JWK };
  let keyServer: FakeKeyServer;

  beforeAll(async () => {
    google = await createGoogleKey('google-key-1');
    keyServer = await startFakeKeyServer([google.publicJwk]);
  });
  afterAll(() => keyServer.close());
  beforeEach(() => {
    clock = Date.now();
    keyServer.hits = 0;
    keyServer.status = 200;
    keyServer.age = undefined;
    keyServer.cacheControl = 'public, max-age=600, must-revalidate, no-transform';
    keyServer.keys = [google.publicJwk];
  });

  const provider = () =>
    createFirebaseIdentityProvider({ projectId: PROJECT, jwksUrl: keyServer.url, now });

  it('fetches the keys once for many verifications, concurrent ones included', async () => {
    const { verifyIdToken } = provider();
    const token = await firebaseToken(google);
    await Promise.all(Array.from({ length: 5 }, () => verifyIdToken(token)));
    await verifyIdToken(token);
    expect(keyServer.hits).toBe(1);
  });

  it('keeps the keys for max-age seconds, then fetches them again', async () => {
    const { verifyIdToken } = provider();
    await verifyIdToken(await firebaseToken(google));
    clock += 599_000;
    await verifyIdToken(await firebaseToken(google));
    expect(keyServer.hits).toBe(1);
    clock += 2_000;
    await verifyIdToken(await firebaseToken(google));
    expect(keyServer.hits).toBe(2);
  });

  it('counts the Age header against max-age', async () => {
    keyServer.age = '500';
    const { verifyIdToken } = provider();
    await verifyIdToken(await firebaseToken(google));
    clock += 101_000;
    await verifyIdToken(await firebaseToken(google));
    expect(keyServer.hits).toBe(2);
  });

  it('refetches for an unknown kid once the cooldown has passed, and picks up a rotated key', async () => {
    const { verifyIdToken } = provider();
    await verifyIdToken(await firebaseToken(google));
    const rotated = await createGoogleKey('google-key-2');
    keyServer.keys = [google.publicJwk, rotated.publicJwk];

    await expect(verifyIdToken(await firebaseToken(rotated))).rejects.toThrow(
      'ERR_JWKS_NO_MATCHING_KEY',
    );
    expect(keyServer.hits).toBe(1);

    clock += UNKNOWN_KID_COOLDOWN_MS;
    await expect(verifyIdToken(await firebaseToken(rotated))).resolves.toMatchObject({
      uid: 'firebase:google-uid-123',
    });
    expect(keyServer.hits).toBe(2);
  });

  it('keeps using the previous keys while Google is failing, retrying after a pause', async () => {
    const { verifyIdToken } = provider();
    await verifyIdToken(await firebaseToken(google));
    keyServer.status = 503;
    clock += 601_000;
    await expect(verifyIdToken(await firebaseToken(google))).resolves.toBeTruthy();
    await expect(verifyIdToken(await firebaseToken(google))).resolves.toBeTruthy();
    expect(keyServer.hits).toBe(2);
  });

  it('answers 503, not 401, when the keys were never available', async () => {
    keyServer.status = 500;
    const ctx = await createTestApp({ env: FIREBASE_ENV, deps: { identity: provider() } });
    try {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { authorization: `Bearer ${await firebaseToken(google)}` },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await ctx.close();
    }
  });

  it('reads max-age minus Age, with bounds', () => {
    const headers = (values: Record<string, string>) => new Headers(values);
    expect(cacheLifetimeMs(headers({ 'cache-control': 'public, max-age=19204' }))).toBe(19_204_000);
    expect(cacheLifetimeMs(headers({ 'cache-control': 'max-age=600', age: '100' }))).toBe(500_000);
    expect(cacheLifetimeMs(headers({ 'cache-control': 'max-age=5' }))).toBe(KEY_SET_MIN_TTL_MS);
    expect(cacheLifetimeMs(headers({ 'cache-control': 'no-store' }))).toBe(KEY_SET_MIN_TTL_MS);
    expect(cacheLifetimeMs(headers({}))).toBe(KEY_SET_MIN_TTL_MS);
  });
});

describe('choosing the identity provider', () => {
  it('refuses the local provider when NODE_ENV=production', async () => {
    const { createIdentityProvider } = await import('./create-identity-provider.ts');
    await expect(
      createIdentityProvider(
        {
          AUTH_PROVIDER: 'local',
          NODE_ENV: 'production',
          FIREBASE_PROJECT_ID: undefined,
          dataDir: `/tmp/never-${crypto.randomUUID()}`,
          PUBLIC_URL: 'http://localhost:3000',
        },
        // Refused before the database is used.
        { db: {} as Db },
      ),
    ).rejects.toThrow('AUTH_PROVIDER=local is refused when NODE_ENV=production');
  });

  it('chooses firebase when configured', async () => {
    const { createIdentityProvider } = await import('./create-identity-provider.ts');
    const identity = await createIdentityProvider(
      {
        AUTH_PROVIDER: 'firebase',
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: PROJECT,
        dataDir: '/tmp',
        PUBLIC_URL: 'https://portal.example',
      },
      { db: {} as Db },
    );
    expect(identity.name).toBe('firebase');
  });
});
