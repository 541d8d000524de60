import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.ts';
import { signIn, useTestApp } from '../../test/app.ts';
import { becomeMember } from '../../test/factories/billing.ts';
import { createPatient } from '../../test/factories/patients.ts';

const ctx = useTestApp();

const SOME_ID = '0b6f6a3e-8f0e-4a53-9d8f-2f3b1c4d5e6f';
/** A route pattern as a request path: every parameter a (well-formed) id. */
const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, SOME_ID);

describe('the members-only gate', () => {
  it('answers 402 PREMIUM_REQUIRED on every members-only route to a signed-in non-member', async () => {
    const routes = ctx.app.membersOnlyRoutes;
    // The care plans and Today at least: a gate that lost its routes must not pass vacuously.
    expect(routes.length).toBeGreaterThanOrEqual(7);
    expect(routes).toContainEqual({ method: 'GET', url: '/api/premier/today' });
    const user = await signIn(ctx);
    for (const { method, url } of routes) {
      const response = await ctx.app.inject({
        method: method as 'GET',
        url: pathOf(url),
        headers: user.headers,
        // Even a body that would fail validation: the gate answers first.
        ...(method !== 'GET' && { payload: { unexpected: true } }),
      });
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 402 });
      // HEAD (Fastify's twin of each GET) has no body to say why.
      if (method === 'HEAD') continue;
      expect(response.json()).toEqual({
        code: 'PREMIUM_REQUIRED',
        message: 'This is a Premier feature. Become a Premium Member to use it.',
      });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('documents 402 on each of them in OpenAPI, and on no other route', async () => {
    const spec = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const gated = new Set(
      ctx.app.membersOnlyRoutes.map(
        ({ method, url }) => `${method} ${url.replace(/:([A-Za-z]+)/g, '{$1}')}`,
      ),
    );
    for (const [path, operations] of Object.entries(spec.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const key = `${method.toUpperCase()} ${path}`;
        const isGated = gated.has(key);
        // PUT /user/subscription answers 402 PAYMENT_REQUIRED: it is not a members-only route.
        if (!isGated && key === 'PUT /api/user/subscription') continue;
        expect({ key, has402: '402' in operation.responses }).toEqual({ key, has402: isGated });
      }
  });

  it('lets a member through, and reads premium at each request (a revoked member is refused at once)', async () => {
    const user = await signIn(ctx);
    await becomeMember(ctx, user.headers);
    const patient = await createPatient(ctx, user.headers);
    const today = () => ctx.app.inject({ url: '/api/premier/today', headers: user.headers });
    expect((await today()).statusCode).toBe(200);
    const plans = await ctx.app.inject({
      url: `/api/records/patients/${patient._id}/care-plans`,
      headers: user.headers,
    });
    expect(plans.statusCode).toBe(200);
    await ctx.database.db
      .update(users)
      .set({ isPremium: false })
      .where(eq(users.id, user.user._id));
    const refused = await today();
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('PREMIUM_REQUIRED');
  });

  it('still answers 401 to a request without a token', async () => {
    const response = await ctx.app.inject({ url: '/api/premier/today' });
    expect(response.statusCode).toBe(401);
  });
});
