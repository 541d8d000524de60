import type { JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { loadLocalSigningKey } from '../../providers/identity/local-signing-key.ts';

// The local provider's own routes (dev-auth.routes.ts): the token, the popup and the key set that
// the local sign-in uses in development and in every test. The login route's token checks are
// auth.test.ts.
const ctx = useTestApp();
let privateJwk: JWK;

beforeAll(async () => {
  privateJwk = await loadLocalSigningKey(ctx.database.db);
});

const requestToken = (payload: { email: string; name: string }) =>
  ctx.app.inject({ method: 'POST', url: '/api/dev-auth/token', payload });

describe('local development sign-in (AUTH_PROVIDER=local)', () => {
  it('POST /api/dev-auth/token answers an RS256 token valid one hour', async () => {
    const response = await requestToken({ email: 'dev@example.test', name: 'Dev Person' });
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
    const response = await requestToken({ email: 'not-an-email', name: 'X' });
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
