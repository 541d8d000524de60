import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.ts';
import { completedEvent, sign, useStripeApp } from '../../../test/stripe-app.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';

/** Paying with Stripe: opening a Checkout Session, and the success page confirming it. */

const stripe = useStripeApp();
const {
  startCheckout,
  startPaymentIntent,
  openCheckout,
  deliver,
  confirm,
  isPremium,
  paymentsOf,
  checkoutSessionsOf,
  sessionRow,
} = stripe;

describe('POST /api/premier/create-checkout-session with Stripe', () => {
  it('creates a Checkout Session for the price in cents and answers Stripe’s id and url', async () => {
    const { headers, user } = await signIn(stripe.ctx);
    const before = stripe.fake.requests.length;
    const { id, url } = await openCheckout(headers);
    const sent = stripe.fake.requests.slice(before);
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
        success_url: `${stripe.ctx.config.PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${stripe.ctx.config.PUBLIC_URL}/payment-cancel`,
      },
    });
    expect(sent[0]!.headers.authorization).toBe('Bearer sk_test_portal');
    expect(sent[0]!.headers['idempotency-key']).toMatch(
      new RegExp(`^premier-checkout:${user._id}:`),
    );
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${id}`);
    expect(await sessionRow(id)).toMatchObject({
      userId: user._id,
      provider: 'stripe',
      status: 'open',
    });
  });

  it('a retried request (same x-request-id) gets the same session, not a second one', async () => {
    const { headers } = await signIn(stripe.ctx);
    const retried = { ...headers, 'x-request-id': `retry-${Date.now()}` };
    const first = await openCheckout(retried);
    const second = await openCheckout(retried);
    expect(second.id).toBe(first.id);
  });

  it('answers 502 and stores nothing when Stripe fails', async () => {
    const { headers, user } = await signIn(stripe.ctx);
    stripe.fake.failNext(500);
    const response = await startCheckout(headers);
    expectErrorAnswer(response, 502, {
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: 'The payment provider could not be reached. Please try again later.',
    });
    const rows = await checkoutSessionsOf(user._id);
    expect(rows).toEqual([]);
    expect(stripe.ctx.logs.join('')).not.toContain('sk_test_portal');
  });

  it('creates a payment intent and answers its client secret', async () => {
    const { headers } = await signIn(stripe.ctx);
    const response = await startPaymentIntent(headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    expect(stripe.fake.requests.at(-1)).toMatchObject({
      path: '/v1/payment_intents',
      form: { amount: '10000', currency: 'usd' },
    });
  });
});

describe('PUT /api/user/subscription with Stripe, before the webhook arrives', () => {
  it('retrieves the session: paid and theirs gives 200 premium, once', async () => {
    const { headers, user } = await signIn(stripe.ctx);
    const { id } = await openCheckout(headers);
    stripe.fake.markPaid(id);
    const response = await confirm(headers, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { _id: user._id, premiumMember: true } });
    expect(stripe.fake.requests.at(-1)).toMatchObject({
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
    const { headers, user } = await signIn(stripe.ctx);
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
    const owner = await signIn(stripe.ctx);
    const { id } = await openCheckout(owner.headers);
    stripe.fake.markPaid(id);
    const thief = await signIn(stripe.ctx);
    const before = stripe.fake.requests.length;
    expect((await confirm(thief.headers, id)).statusCode).toBe(402);
    expect(stripe.fake.requests.length).toBe(before);
    expect(await isPremium(thief.user._id)).toBe(false);
  });

  it('answers 502 when Stripe cannot be reached, and nothing changes', async () => {
    const { headers, user } = await signIn(stripe.ctx);
    const { id } = await openCheckout(headers);
    stripe.fake.markPaid(id);
    stripe.fake.failNext(500);
    expect((await confirm(headers, id)).statusCode).toBe(502);
    expect(await isPremium(user._id)).toBe(false);
  });
});
