import { describe, expect, it } from 'vitest';
import { useTestAppServingWebBuild } from '../../test/web-build.ts';

const ctx = useTestAppServingWebBuild({ 'favicon.svg': '<svg/>' });

describe('serving the built web app', () => {
  it.each([
    '/',
    '/records',
    '/userProfile',
    '/payment-success?session_id=x',
    // A verification token is a compact JWS: its dots do not make the address a file's.
    '/verify/eyJhbGciOiJFZERTQSJ9.eyJqdGkiOiIxIn0.c2lnbmF0dXJl',
  ])('answers %s with index.html (SPA fallback), revalidated', async (url) => {
    const response = await ctx.app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>portal</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const response = await ctx.app.inject('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown /api paths JSON 404', async () => {
    const response = await ctx.app.inject('/api/records/nothing/here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('answers a missing file with 404, not the app', async () => {
    const response = await ctx.app.inject('/assets/missing-123.js');
    expect(response.statusCode).toBe(404);
  });

  it('does not serve the app for a POST to a page path', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/records' });
    expect(response.statusCode).toBe(404);
  });
});
