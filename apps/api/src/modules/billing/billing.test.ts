import { describe, expect, it } from 'vitest';
import { type AuthHeaders, signIn, useTestApp } from '../../../test/app.ts';
import { billingOf } from '../../../test/factories/billing.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';

const ctx = useTestApp();

const {
  startCheckout,
  startPaymentIntent,
  postToBilling,
  openCheckout,
  pay,
  cancel,
  isPremium,
  paymentsOf,
  checkoutSessionsOf,
  sessionRow,
} = billingOf(() => ctx);

const confirm = (headers: AuthHeaders, body?: unknown, query = '') =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/user/subscription${query}`,
    headers,
    ...(body !== undefined && { payload: body as object }),
  });

describe('POST /api/premier/create-checkout-session', () => {
  it('answers 401 without a signed-in user', async () => {
    const response = await startCheckout({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'not authenticated' });
  });

  it('answers { id, url } for the configured price and stores an open session in cents', async () => {
    const { headers, user } = await signIn(ctx);
    const { id, url } = await openCheckout(headers);
    expect(id).toMatch(/^cs_local_[A-Za-z0-9_-]{32}$/);
    expect(url).toBe(`${ctx.config.PUBLIC_URL}/api/premier/local-checkout/${id}`);
    expect(await sessionRow(id)).toMatchObject({
      userId: user._id,
      provider: 'local',
      amountMinor: 10_000,
      currency: 'usd',
      status: 'open',
      paidAt: null,
    });
  });

  it.each([[1], [99.99], [100.01], [10_000]])(
    'answers 400 for amount %s, which is not the price, and stores nothing',
    async (amount) => {
      const { headers, user } = await signIn(ctx);
      const response = await startCheckout(headers, amount);
      expectErrorAnswer(response, 400, {
        code: 'AMOUNT_MISMATCH',
        message: 'The amount does not match the Premier price.',
      });
      const rows = await checkoutSessionsOf(user._id);
      expect(rows).toEqual([]);
    },
  );

  it.each([['100'], [null], [-100], [0]])('answers 400 for the amount %j', async (amount) => {
    const { headers } = await signIn(ctx);
    const response = await startCheckout(headers, amount);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers 400 for unknown fields and for a missing body', async () => {
    const { headers } = await signIn(ctx);
    const extra = await postToBilling('create-checkout-session', headers, {
      amount: 100,
      userId: 'someone-else',
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ fieldErrors: { userId: 'This field is not allowed.' } });
    const empty = await postToBilling('create-checkout-session', headers);
    expect(empty.statusCode).toBe(400);
  });

  it('answers 409 to a member, who has nothing left to buy', async () => {
    const { headers } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    await pay(id);
    const response = await startCheckout(headers);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'You are already a Premium Member!' });
  });

  it('limits each user to 10 checkouts a minute: 429 with Retry-After, others unaffected', async () => {
    const { headers } = await signIn(ctx);
    for (let i = 0; i < 10; i += 1) expect((await startCheckout(headers)).statusCode).toBe(200);
    const limited = await startCheckout(headers);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const other = await signIn(ctx);
    expect((await startCheckout(other.headers)).statusCode).toBe(200);
  });
});

describe('POST /api/premier/create-payment-intent', () => {
  it('answers a client secret for the price', async () => {
    const { headers } = await signIn(ctx);
    const response = await startPaymentIntent(headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.stringMatching(/^pi_local_/),
      clientSecret: expect.stringMatching(/^pi_local_.+_secret_.+/),
    });
  });

  it('answers 400 for another amount', async () => {
    const { headers } = await signIn(ctx);
    const response = await startPaymentIntent(headers, 1);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'AMOUNT_MISMATCH' });
  });
});

describe('PUT /api/user/subscription', () => {
  it('answers 401 without a signed-in user', async () => {
    expect((await confirm({}, { sessionId: 'cs_local_x' })).statusCode).toBe(401);
  });

  it('answers 200 with the premium user for their own paid session, by body or query, repeatably', async () => {
    const { headers, user } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    await pay(id);
    for (const response of [
      await confirm(headers, { sessionId: id }),
      await confirm(headers, undefined, `?session_id=${id}`),
      await confirm(headers, { sessionId: id }),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        user: { _id: user._id, email: user.email, premiumMember: true },
      });
    }
    expect(await paymentsOf(user._id)).toHaveLength(1);
  });

  describe('leaves premiumMember false with 402 and a clear message', () => {
    const expectRefused = async (
      response: Awaited<ReturnType<typeof confirm>>,
      userId: string,
      message: string | RegExp = /Premium was not activated\.$/,
    ) => {
      expect(response.statusCode).toBe(402);
      expect(response.json()).toMatchObject({ code: 'PAYMENT_REQUIRED', message });
      expect(await isPremium(userId)).toBe(false);
    };

    it('with no session (empty JSON body, {}, no body at all)', async () => {
      const { headers, user } = await signIn(ctx);
      const message = 'No checkout session was given. Premium was not activated.';
      await expectRefused(
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/user/subscription',
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '',
        }),
        user._id,
        message,
      );
      await expectRefused(await confirm(headers, {}), user._id, message);
      await expectRefused(await confirm(headers), user._id, message);
    });

    it('with an unknown session', async () => {
      const { headers, user } = await signIn(ctx);
      await expectRefused(
        await confirm(headers, { sessionId: 'cs_local_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
        user._id,
        'No paid Premier checkout was found for this account. Premium was not activated.',
      );
    });

    it("with another user's paid session", async () => {
      const owner = await signIn(ctx);
      const { id } = await openCheckout(owner.headers);
      await pay(id);
      const thief = await signIn(ctx);
      await expectRefused(
        await confirm(thief.headers, { sessionId: id }),
        thief.user._id,
        'No paid Premier checkout was found for this account. Premium was not activated.',
      );
      await expectRefused(
        await confirm(thief.headers, undefined, `?session_id=${id}`),
        thief.user._id,
      );
      expect(await paymentsOf(thief.user._id)).toEqual([]);
    });

    it('with an unpaid session', async () => {
      const { headers, user } = await signIn(ctx);
      const { id } = await openCheckout(headers);
      await expectRefused(
        await confirm(headers, { sessionId: id }),
        user._id,
        'This checkout has not been paid. Premium was not activated.',
      );
      expect(await sessionRow(id)).toMatchObject({ status: 'open' });
    });

    it('with a cancelled session', async () => {
      const { headers, user } = await signIn(ctx);
      const { id } = await openCheckout(headers);
      await cancel(id);
      await expectRefused(
        await confirm(headers, { sessionId: id }),
        user._id,
        'This checkout was canceled, so no payment was made. Premium was not activated.',
      );
    });
  });

  it('answers 400 for a malformed id, unknown fields, or body and query naming different sessions', async () => {
    const { headers, user } = await signIn(ctx);
    expect((await confirm(headers, { sessionId: "x' or 1=1 --" })).statusCode).toBe(400);
    expect((await confirm(headers, { sessionId: 'cs_1', premiumMember: true })).statusCode).toBe(
      400,
    );
    const { id } = await openCheckout(headers);
    await pay(id);
    const mixed = await confirm(headers, { sessionId: id }, '?session_id=cs_local_other');
    expect(mixed.statusCode).toBe(400);
    expect(await isPremium(user._id)).toBe(true);
  });
});

describe('what the local provider brings to the app (its registry definition)', () => {
  it('GET /api/config names no payment script: the Premium button is ready at once', async () => {
    expect((await ctx.app.inject('/api/config')).json()).toMatchObject({
      paymentsProvider: 'local',
      paymentsScript: null,
    });
  });

  it('adds no third-party origin to the Content-Security-Policy', async () => {
    const csp = String((await ctx.app.inject('/api/health')).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toContain('stripe');
  });
});

describe('OpenAPI', () => {
  it('documents the billing routes', async () => {
    const document = (await ctx.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.paths['/api/premier/create-checkout-session']).toHaveProperty('post');
    expect(document.paths['/api/premier/create-payment-intent']).toHaveProperty('post');
    expect(document.paths['/api/premier/webhook']).toHaveProperty('post');
    expect(document.paths['/api/user/subscription']).toHaveProperty('put');
    expect(document.paths['/api/premier/local-checkout/{id}']).toHaveProperty('get');
  });
});
