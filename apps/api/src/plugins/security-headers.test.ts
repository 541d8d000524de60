import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../test/app.ts';

let ctx: TestContext;
let https: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // A public address with the local providers has to be allowed on purpose.
  https = await createTestApp({
    env: { PUBLIC_URL: 'https://portal.example.org', LOCAL_PROVIDERS_ALLOW_REMOTE: 'true' },
  });
});
afterAll(async () => {
  await ctx.close();
  await https.close();
});

function expectHardened(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self'(;|$| https:\/\/)/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-powered-by']).toBeUndefined();
}

describe('security headers on every kind of response', () => {
  it.each([
    ['health', 'GET', '/api/health'],
    ['config', 'GET', '/api/config'],
    ['openapi', 'GET', '/api/openapi.json'],
    ['docs', 'GET', '/api/docs/'],
    ['unknown route', 'GET', '/api/nope'],
    ['no token', 'POST', '/api/auth/login'],
    ['bad body', 'POST', '/api/dev-auth/token'],
  ] as const)('%s', async (_name, method, url) => {
    expectHardened(await ctx.app.inject({ method, url }));
  });

  it('a signed-in answer too', async () => {
    const { headers } = await signIn(ctx);
    expectHardened(await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers }));
  });

  it('sends no HSTS over plain http', async () => {
    const response = await ctx.app.inject('/api/health');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when served over https', async () => {
    const response = await https.app.inject('/api/health');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expectHardened(response);
  });

  it('lets the Firebase sign-in popup talk to its opener only with AUTH_PROVIDER=firebase', async () => {
    const local = await ctx.app.inject('/api/health');
    expect(local.headers['cross-origin-opener-policy']).toBe('same-origin');
    const firebase = await createTestApp({
      env: {
        AUTH_PROVIDER: 'firebase',
        FIREBASE_PROJECT_ID: 'portal-test',
        FIREBASE_API_KEY: 'test-api-key',
        FIREBASE_AUTH_DOMAIN: 'portal-test.firebaseapp.com',
      },
    });
    const response = await firebase.app.inject('/api/health');
    await firebase.close();
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expectHardened(response);
  });
});
