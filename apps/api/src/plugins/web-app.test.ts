import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.info(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  ctx = await createTestApp({ deps: { webDistDir: dist } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it.each(['/', '/records', '/userProfile', '/payment-success?session_id=x'])(
    'answers %s with index.html (SPA fallback), revalidated',
    async (url) => {
      const response = await ctx.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>portal</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

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
