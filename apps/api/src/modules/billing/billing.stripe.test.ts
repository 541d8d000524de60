import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../../test/app.ts';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { checkoutSessions, payments, webhookEvents } from '../../db/schema/billing.ts';
import {
  checkoutSessionsOf,
  isPremium as isPremiumWith,
  openCheckout as openCheckoutWith,
  paymentsOf as paymentsOfWith,
} from '../../../test/factories/billing.ts';

const WEBHOOK_SECRET = 'whsec_test_portal_secret';

let ctx: TestContext;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestApp({
    env: {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_portal',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_portal',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

type Headers = Record<string, string>;
let eventCounter = 0;

const openCheckout = (headers: Headers) => openCheckoutWith(ctx, headers);

function completedEvent(
  session: { id: string; userId: string },
  overrides: Record<string, unknown> = {},
  type = 'checkout.session.completed',
) {
  eventCounter += 1;
  return JSON.stringify({
    id: `evt_test_${eventCounter}_${Date.now()}`,
    object: 'event',
    type,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        status: 'complete',
        client_reference_id: session.userId,
        amount_total: 10_000,
        currency: 'usd',
        ...overrides,
      },
    },
  });
}

function sign(payload: string, { secret = WEBHOOK_SECRET, timestamp = now() } = {}) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

const now = () => Math.floor(Date.now() / 1000);

const deliver = (payload: string, signature?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/premier/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature !== undefined && { 'stripe-signature': signature }),
    },
    payload,
  });

const isPremium = (userId: string) => isPremiumWith(ctx, userId);
const paymentsOf = (userId: string) => paymentsOfWith(ctx, userId);

const confirm = (headers: Headers, sessionId: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/user/subscription',
    headers,
    payload: { sessionId },
  });

describe('POST /api/premier/create-checkout-session with Stripe', () => {
  it('creates a Checkout Session for the price in cents and answers Stripe’s id and url', async () => {
    const { headers, user } = await signIn(ctx);
    const before = fake.requests.length;
    const { id, url } = await openCheckout(headers);
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      form: {
        mode: 'payment',
        client_reference_id: user._id,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '10000',
        success_url: `${ctx.config.PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${ctx.config.PUBLIC_URL}/payment-cancel`,
      },
    });
    expect(sent[0]!.headers.authorization).toBe('Bearer sk_test_portal');
    expect(sent[0]!.headers['idempotency-key']).toMatch(
      new RegExp(`^premier-checkout:${user._id}:`),
    );
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${id}`);
    const [row] = await ctx.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, id));
    expect(row).toMatchObject({ userId: user._id, provider: 'stripe', status: 'open' });
  });

  it('a retried request (same x-request-id) gets the same session, not a second one', async () => {
    const { headers } = await signIn(ctx);
    const retried = { ...headers, 'x-request-id': `retry-${Date.now()}` };
    const first = await openCheckout(retried);
    const second = await openCheckout(retried);
    expect(second.id).toBe(first.id);
  });

  it('answers 502 and stores nothing when Stripe fails', async () => {
    const { headers, user } = await signIn(ctx);
    fake.failNext(500);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/premier/create-checkout-session',
      headers,
      payload: { amount: 100 },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: 'The payment provider could not be reached. Please try again later.',
    });
    const rows = await checkoutSessionsOf(ctx, user._id);
    expect(rows).toEqual([]);
    expect(ctx.logs.join('')).not.toContain('sk_test_portal');
  });

  it('creates a payment intent and answers its client secret', async () => {
    const { headers } = await signIn(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/premier/create-payment-intent',
      headers,
      payload: { amount: 100 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/payment_intents',
      form: { amount: '10000', currency: 'usd' },
    });
  });
});

describe('POST /api/premier/webhook', () => {
  it('records the payment and grants premium for checkout.session.completed, paid', async () => {
    const { headers, user } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    const payload = completedEvent({ id, userId: user._id });
    const response = await deliver(payload, sign(payload));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect(await isPremium(user._id)).toBe(true);
    expect(await paymentsOf(user._id)).toMatchObject([
      { checkoutSessionId: id, amountMinor: 10_000, currency: 'usd' },
    ]);
    // The success page's call now answers 200 without asking Stripe.
    const before = fake.requests.length;
    const confirmed = await confirm(headers, id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ user: { premiumMember: true } });
    expect(fake.requests.length).toBe(before);
  });

  describe('answers 400 and changes nothing', () => {
    async function expectRejected(
      build: (payload: string) => { body: string; signature?: string },
    ) {
      const { headers, user } = await signIn(ctx);
      const { id } = await openCheckout(headers);
      const payload = completedEvent({ id, userId: user._id });
      const { body, signature } = build(payload);
      const response = await deliver(body, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'WEBHOOK_INVALID',
        message: 'The webhook signature is missing, invalid or too old.',
      });
      expect(await isPremium(user._id)).toBe(false);
      expect(await paymentsOf(user._id)).toEqual([]);
      const eventId = (JSON.parse(payload) as { id: string }).id;
      expect(
        await ctx.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId)),
      ).toEqual([]);
    }

    it('for a tampered body', () =>
      expectRejected((payload) => ({
        body: payload.replace('"amount_total":10000', '"amount_total":1'),
        signature: sign(payload),
      })));

    it('for a tampered body that grants to someone else', () =>
      expectRejected((payload) => ({
        body: payload.replace(/"client_reference_id":"[^"]+"/, '"client_reference_id":"x"'),
        signature: sign(payload),
      })));

    it('for a wrong secret', () =>
      expectRejected((payload) => ({
        body: payload,
        signature: sign(payload, { secret: 'whsec_attacker' }),
      })));

    it('for a missing Stripe-Signature header', () =>
      expectRejected((payload) => ({ body: payload })));

    it('for a garbage header', () =>
      expectRejected((payload) => ({ body: payload, signature: 't=1,v1=abc' })));

    it('for a timestamp older than 300 s', () =>
      expectRejected((payload) => ({
        body: payload,
        signature: sign(payload, { timestamp: now() - 301 }),
      })));
  });

  it('accepts a signature 200 s old (inside the tolerance)', async () => {
    const { headers, user } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    const payload = completedEvent({ id, userId: user._id });
    const response = await deliver(payload, sign(payload, { timestamp: now() - 200 }));
    expect(response.statusCode).toBe(200);
    expect(await isPremium(user._id)).toBe(true);
  });

  it('20 concurrent deliveries of one event grant premium once and record one payment', async () => {
    const { headers, user } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    const payload = completedEvent({ id, userId: user._id });
    const signature = sign(payload);
    const logsBefore = ctx.logs.length;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => deliver(payload, signature)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(responses.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    expect(await paymentsOf(user._id)).toHaveLength(1);
    expect(await isPremium(user._id)).toBe(true);
    const grants = ctx.logs
      .slice(logsBefore)
      .filter((line) => line.includes('payment recorded, premium granted'));
    expect(grants).toHaveLength(1);
  });

  it('a second event for an already-paid session records nothing more', async () => {
    const { headers, user } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded']) {
      const payload = completedEvent({ id, userId: user._id }, {}, type);
      expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    }
    expect(await paymentsOf(user._id)).toHaveLength(1);
  });

  it.each([
    ['unpaid', { payment_status: 'unpaid' }],
    ['for another amount', { amount_total: 100 }],
    ['in another currency', { currency: 'eur' }],
  ])('grants nothing for a completed session %s', async (_label, overrides) => {
    const { headers, user } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    const payload = completedEvent({ id, userId: user._id }, overrides);
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(await isPremium(user._id)).toBe(false);
    expect(await paymentsOf(user._id)).toEqual([]);
  });

  it('grants nothing when the paid session names another user than the one it was sold to', async () => {
    const buyer = await signIn(ctx);
    const other = await signIn(ctx);
    const { id } = await openCheckout(buyer.headers);
    const payload = completedEvent({ id, userId: other.user._id });
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(await isPremium(buyer.user._id)).toBe(false);
    expect(await isPremium(other.user._id)).toBe(false);
  });

  it('honours a paid session whose local record was lost, for an existing user at the price', async () => {
    const { user } = await signIn(ctx);
    const payload = completedEvent({ id: `cs_test_lost_${Date.now()}`, userId: user._id });
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(await isPremium(user._id)).toBe(true);
  });

  it('ignores a paid session for no known user', async () => {
    const payload = completedEvent({
      id: `cs_test_foreign_${Date.now()}`,
      userId: '00000000-0000-4000-8000-000000000000',
    });
    const response = await deliver(payload, sign(payload));
    expect(response.statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(payments);
    expect(rows.some((row) => row.checkoutSessionId.startsWith('cs_test_foreign_'))).toBe(false);
  });

  it('marks an expired session canceled; other event types are acknowledged', async () => {
    const { headers, user } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    const expired = completedEvent(
      { id, userId: user._id },
      { payment_status: 'unpaid', status: 'expired' },
      'checkout.session.expired',
    );
    expect((await deliver(expired, sign(expired))).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, id));
    expect(row!.status).toBe('canceled');
    const other = JSON.stringify({
      id: `evt_other_${Date.now()}`,
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    expect((await deliver(other, sign(other))).json()).toEqual({
      received: true,
      duplicate: false,
    });
  });

  it('never logs the signature header', async () => {
    const payload = JSON.stringify({
      id: 'evt_log_check',
      object: 'event',
      type: 'ping',
      data: { object: {} },
    });
    const signature = sign(payload);
    await deliver(payload, signature);
    const v1 = signature.split('v1=')[1]!;
    expect(ctx.logs.join('')).not.toContain(v1);
  });
});

describe('PUT /api/user/subscription with Stripe, before the webhook arrives', () => {
  it('retrieves the session: paid and theirs gives 200 premium, once', async () => {
    const { headers, user } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    fake.markPaid(id);
    const response = await confirm(headers, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { _id: user._id, premiumMember: true } });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/checkout/sessions/${id}`,
    });
    // The webhook arriving afterwards changes nothing more.
    const payload = completedEvent({ id, userId: user._id });
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect((await confirm(headers, id)).statusCode).toBe(200);
    expect(await paymentsOf(user._id)).toHaveLength(1);
  });

  it('answers 402 while Stripe says unpaid', async () => {
    const { headers, user } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    const response = await confirm(headers, id);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: 'This checkout has not been paid. Premium was not activated.',
    });
    expect(await isPremium(user._id)).toBe(false);
  });

  it("answers 402 for another user's session even when Stripe says it is paid", async () => {
    const owner = await signIn(ctx);
    const { id } = await openCheckout(owner.headers);
    fake.markPaid(id);
    const thief = await signIn(ctx);
    const before = fake.requests.length;
    expect((await confirm(thief.headers, id)).statusCode).toBe(402);
    expect(fake.requests.length).toBe(before);
    expect(await isPremium(thief.user._id)).toBe(false);
  });

  it('answers 502 when Stripe cannot be reached, and nothing changes', async () => {
    const { headers, user } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    fake.markPaid(id);
    fake.failNext(500);
    expect((await confirm(headers, id)).statusCode).toBe(502);
    expect(await isPremium(user._id)).toBe(false);
  });
});

describe('the local checkout page', () => {
  it('does not exist with Stripe', async () => {
    const { headers } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    expect((await ctx.app.inject(`/api/premier/local-checkout/${id}`)).statusCode).toBe(404);
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `/api/premier/local-checkout/${id}/pay`,
    });
    expect(pay.statusCode).toBe(404);
  });
});

describe('what the Stripe provider brings to the app (its registry definition)', () => {
  it('GET /api/config names Stripe.js v3 and the publishable key, never a secret', async () => {
    const body = (await ctx.app.inject('/api/config')).json<Record<string, unknown>>();
    expect(body).toMatchObject({
      paymentsProvider: 'stripe',
      paymentsScript: {
        src: 'https://js.stripe.com/v3/',
        initialiser: 'Stripe',
        publishableKey: 'pk_test_portal',
      },
    });
    expect(JSON.stringify(body)).not.toMatch(/sk_test_portal|whsec_/);
  });

  it("allows Stripe's script, frames, API and checkout in the Content-Security-Policy", async () => {
    const csp = String((await ctx.app.inject('/api/health')).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com(;| )/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com(;| )/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com(;| )/);
    expect(csp).toMatch(/form-action [^;]*https:\/\/checkout\.stripe\.com/);
  });
});

describe('refunds and disputes end premium (issue 18)', () => {
  function chargeEvent(type: string, object: Record<string, unknown>) {
    eventCounter += 1;
    return JSON.stringify({
      id: `evt_charge_${eventCounter}_${Date.now()}`,
      object: 'event',
      type,
      data: { object },
    });
  }
  const refundedCharge = (paymentIntent: string, amountRefunded: number) =>
    chargeEvent('charge.refunded', {
      id: `ch_${paymentIntent}`,
      object: 'charge',
      amount: 10_000,
      amount_refunded: amountRefunded,
      refunded: amountRefunded === 10_000,
      payment_intent: paymentIntent,
      payment_method_details: { type: 'card', card: { brand: 'mastercard', last4: '4444' } },
    });
  const disputeCreated = (paymentIntent: string) =>
    chargeEvent('charge.dispute.created', {
      id: `dp_${paymentIntent}`,
      object: 'dispute',
      charge: `ch_${paymentIntent}`,
      payment_intent: paymentIntent,
      amount: 10_000,
      status: 'needs_response',
    });

  /** A Stripe member: the session paid by `pi`, whose card Stripe knows. */
  async function paidMember(pi = `pi_test_${eventCounter}_${Date.now()}`) {
    const { headers, user } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    fake.addPaymentCard(pi, { brand: 'amex', last4: '0005' });
    const payload = completedEvent({ id, userId: user._id }, { payment_intent: pi });
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(await isPremium(user._id)).toBe(true);
    return { headers, user, id, pi };
  }
  const transactionOf = async (headers: Headers, id: string) =>
    (
      await ctx.app.inject({ method: 'GET', url: `/api/premier/transactions/${id}`, headers })
    ).json();
  const revocationsOf = (userId: string) =>
    ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, userId), eq(auditEvents.action, 'revoke_premium')));

  it('a paid checkout shows the card Stripe charged and an invoice number', async () => {
    const { headers, id } = await paidMember();
    expect(await transactionOf(headers, id)).toMatchObject({
      status: 'paid',
      paymentMethod: { brand: 'amex', last4: '0005' },
      invoiceNumber: expect.stringMatching(/^INV-\d+$/),
      canRefundLocally: false,
    });
  });

  it('charge.refunded in full revokes premium, audited, once: a replayed event changes nothing', async () => {
    const { headers, user, id, pi } = await paidMember();
    const payload = refundedCharge(pi, 10_000);
    const response = await deliver(payload, sign(payload));
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect(await isPremium(user._id)).toBe(false);
    expect(await transactionOf(headers, id)).toMatchObject({
      status: 'refunded',
      amountRefundedMinor: 10_000,
    });
    expect(await revocationsOf(user._id)).toHaveLength(1);

    // The user buys again; the old refund event replayed must not touch the new membership.
    const again = await openCheckout(headers);
    const paidAgain = completedEvent(
      { id: again.id, userId: user._id },
      { payment_intent: `${pi}_2` },
    );
    await deliver(paidAgain, sign(paidAgain));
    expect(await isPremium(user._id)).toBe(true);
    const replay = await deliver(payload, sign(payload));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await isPremium(user._id)).toBe(true);
    expect(await revocationsOf(user._id)).toHaveLength(1);
  });

  it('a partial refund records the amount but premium stays', async () => {
    const { headers, user, id, pi } = await paidMember();
    const payload = refundedCharge(pi, 2_500);
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(await isPremium(user._id)).toBe(true);
    expect(await transactionOf(headers, id)).toMatchObject({
      status: 'paid',
      amountRefundedMinor: 2_500,
    });
    expect(await revocationsOf(user._id)).toHaveLength(0);
  });

  it('charge.dispute.created revokes premium and marks the transaction disputed', async () => {
    const { headers, user, id, pi } = await paidMember();
    const payload = disputeCreated(pi);
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(await isPremium(user._id)).toBe(false);
    expect(await transactionOf(headers, id)).toMatchObject({ status: 'disputed' });
    expect(await revocationsOf(user._id)).toHaveLength(1);
  });

  it('ignores a refund of a payment the portal does not know, and refuses a malformed charge', async () => {
    const { user } = await paidMember();
    const unknown = refundedCharge('pi_unknown_elsewhere', 10_000);
    expect((await deliver(unknown, sign(unknown))).statusCode).toBe(200);
    expect(await isPremium(user._id)).toBe(true);
    const malformed = chargeEvent('charge.refunded', { id: 'ch_x', amount: 'lots' });
    expect((await deliver(malformed, sign(malformed))).statusCode).toBe(400);
  });

  it('an unsigned refund changes nothing', async () => {
    const { user, pi } = await paidMember();
    const payload = refundedCharge(pi, 10_000);
    expect((await deliver(payload, sign(payload, { secret: 'whsec_wrong' }))).statusCode).toBe(400);
    expect(await isPremium(user._id)).toBe(true);
  });

  it('the local refund route does not exist with Stripe (404)', async () => {
    const { headers, id } = await paidMember();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/premier/local-checkout/${id}/refund`,
      headers,
    });
    expect(response.statusCode).toBe(404);
  });
});
