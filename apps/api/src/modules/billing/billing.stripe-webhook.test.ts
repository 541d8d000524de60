import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.ts';
import { completedEvent, now, sign, useStripeApp } from '../../../test/stripe-app.ts';
import { checkoutSessions, payments, webhookEvents } from '../../db/schema/billing.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';

/** Stripe's webhook: signature checks, idempotent delivery and what each event grants. */

const stripe = useStripeApp();
const { openCheckout, deliver, confirm, isPremium, paymentsOf } = stripe;

describe('POST /api/premier/webhook', () => {
  it('records the payment and grants premium for checkout.session.completed, paid', async () => {
    const { headers, user } = await signIn(stripe.ctx);
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
    const before = stripe.fake.requests.length;
    const confirmed = await confirm(headers, id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ user: { premiumMember: true } });
    expect(stripe.fake.requests.length).toBe(before);
  });

  describe('answers 400 and changes nothing', () => {
    async function expectRejected(
      build: (payload: string) => { body: string; signature?: string },
    ) {
      const { headers, user } = await signIn(stripe.ctx);
      const { id } = await openCheckout(headers);
      const payload = completedEvent({ id, userId: user._id });
      const { body, signature } = build(payload);
      const response = await deliver(body, signature);
      expectErrorAnswer(response, 400, {
        code: 'WEBHOOK_INVALID',
        message: 'The webhook signature is missing, invalid or too old.',
      });
      expect(await isPremium(user._id)).toBe(false);
      expect(await paymentsOf(user._id)).toEqual([]);
      const eventId = (JSON.parse(payload) as { id: string }).id;
      expect(
        await stripe.ctx.database.db
          .select()
          .from(webhookEvents)
          .where(eq(webhookEvents.id, eventId)),
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
    const { headers, user } = await signIn(stripe.ctx);
    const { id } = await openCheckout(headers);
    const payload = completedEvent({ id, userId: user._id });
    const response = await deliver(payload, sign(payload, { timestamp: now() - 200 }));
    expect(response.statusCode).toBe(200);
    expect(await isPremium(user._id)).toBe(true);
  });

  it('20 concurrent deliveries of one event grant premium once and record one payment', async () => {
    const { headers, user } = await signIn(stripe.ctx);
    const { id } = await openCheckout(headers);
    const payload = completedEvent({ id, userId: user._id });
    const signature = sign(payload);
    const logsBefore = stripe.ctx.logs.length;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => deliver(payload, signature)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(responses.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    expect(await paymentsOf(user._id)).toHaveLength(1);
    expect(await isPremium(user._id)).toBe(true);
    const grants = stripe.ctx.logs
      .slice(logsBefore)
      .filter((line) => line.includes('payment recorded, premium granted'));
    expect(grants).toHaveLength(1);
  });

  it('a second event for an already-paid session records nothing more', async () => {
    const { headers, user } = await signIn(stripe.ctx);
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
    const { headers, user } = await signIn(stripe.ctx);
    const { id } = await openCheckout(headers);
    const payload = completedEvent({ id, userId: user._id }, overrides);
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(await isPremium(user._id)).toBe(false);
    expect(await paymentsOf(user._id)).toEqual([]);
  });

  it('grants nothing when the paid session names another user than the one it was sold to', async () => {
    const buyer = await signIn(stripe.ctx);
    const other = await signIn(stripe.ctx);
    const { id } = await openCheckout(buyer.headers);
    const payload = completedEvent({ id, userId: other.user._id });
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(await isPremium(buyer.user._id)).toBe(false);
    expect(await isPremium(other.user._id)).toBe(false);
  });

  it('honours a paid session whose local record was lost, for an existing user at the price', async () => {
    const { user } = await signIn(stripe.ctx);
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
    const rows = await stripe.ctx.database.db.select().from(payments);
    expect(rows.some((row) => row.checkoutSessionId.startsWith('cs_test_foreign_'))).toBe(false);
  });

  it('marks an expired session canceled; other event types are acknowledged', async () => {
    const { headers, user } = await signIn(stripe.ctx);
    const { id } = await openCheckout(headers);
    const expired = completedEvent(
      { id, userId: user._id },
      { payment_status: 'unpaid', status: 'expired' },
      'checkout.session.expired',
    );
    expect((await deliver(expired, sign(expired))).statusCode).toBe(200);
    const [row] = await stripe.ctx.database.db
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
    expect(stripe.ctx.logs.join('')).not.toContain(v1);
  });
});
