import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { type AuthHeaders, createTestApp, type TestContext } from './app.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { billingOf } from './factories/billing.ts';

/**
 * The API with Stripe as its payments provider, talking to the fake Stripe, for the
 * billing.stripe-*.test.ts files: signed webhook deliveries and the calls around them.
 */

const WEBHOOK_SECRET = 'whsec_test_portal_secret';

export const now = () => Math.floor(Date.now() / 1000);

let eventCounter = 0;

/** An id no other event or payment of this run has: `${prefix}_${n}_${ms}`. */
export function uniqueId(prefix: string) {
  eventCounter += 1;
  return `${prefix}_${eventCounter}_${Date.now()}`;
}

/** The Stripe-Signature header for `payload`, by default with the app's secret, now. */
export function sign(payload: string, { secret = WEBHOOK_SECRET, timestamp = now() } = {}) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** A checkout.session event (completed and paid unless `overrides` or `type` say otherwise). */
export function completedEvent(
  session: { id: string; userId: string },
  overrides: Record<string, unknown> = {},
  type = 'checkout.session.completed',
) {
  return JSON.stringify({
    id: uniqueId('evt_test'),
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

/**
 * Starts the fake Stripe and the app before the calling file's tests and closes both after.
 * Call it at a test file's top level: test modules share their worker (isolate: false), so the
 * hooks are registered per call, not once per import.
 */
export function useStripeApp() {
  let started: { ctx: TestContext; fake: FakeStripe } | undefined;
  beforeAll(async () => {
    const fake = await startFakeStripe();
    const ctx = await createTestApp({
      env: {
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_portal',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_portal',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: fake.url,
      },
    });
    started = { ctx, fake };
  });
  afterAll(async () => {
    await started?.ctx.close();
    await started?.fake.close();
  });
  const app = () => {
    if (!started) throw new Error('the Stripe app starts in beforeAll');
    return started;
  };
  return {
    get ctx() {
      return app().ctx;
    },
    get fake() {
      return app().fake;
    },
    ...billingOf(() => app().ctx),
    /** POSTs `payload` to the webhook, with `signature` as Stripe-Signature when given. */
    deliver: (payload: string, signature?: string) =>
      app().ctx.app.inject({
        method: 'POST',
        url: '/api/premier/webhook',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          ...(signature !== undefined && { 'stripe-signature': signature }),
        },
        payload,
      }),
    /** The success page's call: PUT /api/user/subscription for `sessionId`. */
    confirm: (headers: AuthHeaders, sessionId: string) =>
      app().ctx.app.inject({
        method: 'PUT',
        url: '/api/user/subscription',
        headers,
        payload: { sessionId },
      }),
  };
}
