import { describe, expect, it } from 'vitest';
import { useSignedInUser } from '../../../test/app.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import { useTestAppServingWebBuild } from '../../../test/web-build.ts';

/**
 * Patient data must not stay in a shared computer's browser cache after logout: every answer of
 * a route that needs a token says `no-store`, whatever its status. Routes are read from the
 * OpenAPI document (each route that needs a token declares 401 there), so a new one is covered.
 */
const ctx = useTestAppServingWebBuild();
const user = useSignedInUser(ctx);

type Operation = { responses?: Record<string, unknown> };

async function operations() {
  const document = (await ctx.app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as 'GET',
      // Path parameters become an id that is nobody's: a 404 must not be cached either.
      url: route.replace(/\{[^}]*\}/g, '00000000-0000-4000-8000-000000000000'),
      needsToken: Boolean(operation.responses?.['401']),
    })),
  );
}

describe('Cache-Control on the API', () => {
  it('every route that needs a token answers no-store, signed in or not, on success or error', async () => {
    const authenticated = (await operations()).filter((operation) => operation.needsToken);
    expect(authenticated.length).toBeGreaterThanOrEqual(15);
    const statuses = new Set<number>();
    for (const { method, url } of authenticated) {
      for (const withToken of [true, false]) {
        const response = await ctx.app.inject({
          method,
          url,
          headers: withToken ? user.headers : {},
          ...(method !== 'GET' && method !== 'DELETE' && { payload: {} }),
        });
        statuses.add(response.statusCode);
        expect(
          { route: `${method} ${url}`, cacheControl: response.headers['cache-control'] },
          `status ${response.statusCode}`,
        ).toEqual({ route: `${method} ${url}`, cacheControl: 'no-store' });
      }
    }
    // Successes, refusals and unknown patients alike.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 401, 404]));
  });

  it('the patient list, a patient, the export, the audit trail and the profile say no-store', async () => {
    const created = await createPatient(ctx, user.headers);
    for (const url of [
      '/api/records/patients',
      `/api/records/patients/${created._id}`,
      '/api/records/patients/export?format=csv',
      '/api/records/audit',
      '/api/user/profile',
    ]) {
      const response = await ctx.app.inject({ url, headers: user.headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('public answers and the web app keep their own caching', async () => {
    const publicOnes = (await operations()).filter(
      (operation) => !operation.needsToken && operation.method === 'GET',
    );
    expect(publicOnes.map((operation) => operation.url)).toEqual(
      expect.arrayContaining(['/api/health', '/api/config']),
    );
    for (const url of ['/api/health', '/api/config'])
      expect((await ctx.app.inject(url)).headers['cache-control'], url).not.toBe('no-store');
    const hashed = await ctx.app.inject('/assets/index-abc123.js');
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await ctx.app.inject('/records');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
