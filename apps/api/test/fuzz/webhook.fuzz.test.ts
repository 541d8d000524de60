import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../app.ts';
import { startFakeStripe, type FakeStripe } from '../fake-stripe.ts';
import { diffStates, snapshotState } from './db-state.ts';
import { nastyText, wrongTypeValue } from './schema-arbitraries.ts';

/**
 * The payment webhook with Stripe configured: its body is checked only by the signature, so
 * this suite signs generated events with the real secret (as a compromised or buggy sender
 * would) beside forged, stale and malformed deliveries. No delivery may answer 5xx; unsigned
 * ones change nothing; signed ones change only the rows their event names.
 */

const SEED = 20_260_510;
const DELIVERIES = 1_200;
const WEBHOOK_SECRET = 'whsec_fuzz_webhook_secret';

let ctx: TestContext;
let fake: FakeStripe;
const sessions: Array<{ id: string; userId: string }> = [];

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestApp({
    env: {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fuzz_webhook',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fuzz_webhook',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    },
  });
  for (let i = 0; i < 4; i += 1) {
    const { headers, user } = await signIn(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/premier/create-checkout-session',
      headers,
      payload: { amount: ctx.config.PREMIUM_AMOUNT },
    });
    sessions.push({ id: response.json().id, userId: user._id });
  }
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const now = () => Math.floor(Date.now() / 1000);

function sessionObject() {
  return fc
    .record({
      session: fc.constantFrom(...sessions),
      paymentStatus: fc.constantFrom('paid', 'unpaid', 'no_payment_required'),
      amount: fc.constantFrom(10_000, 9_999, 0, -1, null),
      currency: fc.constantFrom('usd', 'USD', 'eur', null),
      isOwnReference: fc.boolean(),
    })
    .map(({ session, paymentStatus, amount, currency, isOwnReference }) => ({
      id: session.id,
      object: 'checkout.session',
      payment_status: paymentStatus,
      status: 'complete',
      client_reference_id: isOwnReference ? session.userId : crypto.randomUUID(),
      amount_total: amount,
      currency,
    }));
}

/** An event as Stripe would send it, then possibly broken in one place. */
const eventArbitrary = () =>
  fc
    .record({
      id: fc.oneof(
        { weight: 6, arbitrary: fc.stringMatching(/^evt_[A-Za-z0-9]{8,24}$/) },
        { weight: 1, arbitrary: wrongTypeValue },
        { weight: 1, arbitrary: nastyText },
      ),
      type: fc.constantFrom(
        'checkout.session.completed',
        'checkout.session.async_payment_succeeded',
        'checkout.session.expired',
        'payment_intent.succeeded',
        'customer.created',
      ),
      object: fc.oneof(
        { weight: 5, arbitrary: sessionObject() },
        { weight: 1, arbitrary: wrongTypeValue },
      ),
      breakage: fc.constantFrom(
        'none',
        'none',
        'none',
        'no data',
        'no id',
        'data not object',
        'object id wrong type',
      ),
    })
    .map(({ id, type, object, breakage }) => {
      const body: Record<string, unknown> = { id, object: 'event', type, data: { object } };
      if (breakage === 'no data') delete body.data;
      if (breakage === 'no id') delete body.id;
      if (breakage === 'data not object') body.data = 'data';
      if (
        breakage === 'object id wrong type' &&
        typeof object === 'object' &&
        object &&
        !Array.isArray(object)
      )
        body.data = { object: { ...object, id: 42 } };
      return body;
    });

const deliveryArbitrary = (event = eventArbitrary()) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: event.map((body) => ({
        kind: 'signed',
        payload: JSON.stringify(body),
        signature: 'valid' as const,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({
        kind: 'signed random json',
        payload: JSON.stringify(value) ?? 'null',
        signature: 'valid' as const,
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          event,
          fc.constantFrom('wrong secret', 'stale', 'garbage', 'missing', 'signature changed'),
        )
        .map(([body, signature]) => ({ kind: 'forged', payload: JSON.stringify(body), signature })),
    },
  );

function signatureFor(payload: string, kind: string): string | undefined {
  const sign = (secret: string, timestamp: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  switch (kind) {
    case 'valid':
      return sign(WEBHOOK_SECRET, now());
    case 'wrong secret':
      return sign('whsec_attacker', now());
    case 'stale':
      return sign(WEBHOOK_SECRET, now() - 301);
    case 'garbage':
      return 't=1,v1=deadbeef';
    case 'signature changed':
      return sign(WEBHOOK_SECRET, now()).replace(/v1=(.)/, (_, c) => `v1=${c === '0' ? '1' : '0'}`);
    default:
      return undefined;
  }
}

describe('the Stripe webhook under generated deliveries', () => {
  it(`${DELIVERIES} deliveries: no 5xx; refused ones change nothing; accepted ones only their event's rows`, async () => {
    const deliveries = fc.sample(deliveryArbitrary(), { seed: SEED, numRuns: DELIVERIES });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let start = 0; start < deliveries.length; start += 100) {
      const before = await snapshotState(ctx.database.pool);
      const accepted = new Set<string>();
      const batch = deliveries.slice(start, start + 100);
      await Promise.all(
        batch.map(async ({ kind, payload, signature }) => {
          const header = signatureFor(payload, signature);
          const response = await ctx.app.inject({
            method: 'POST',
            url: '/api/premier/webhook',
            headers: {
              'content-type': 'application/json',
              ...(header !== undefined && { 'stripe-signature': header }),
            },
            payload,
            // Stripe delivers from several addresses; one address is limited to 600 a minute.
            remoteAddress: `192.0.2.${(start / 100) % 250}`,
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode >= 500 || (kind === 'forged' && response.statusCode !== 400))
            failures.push(
              `${kind} → ${response.statusCode} ${response.body} ${payload.slice(0, 300)}`,
            );
          if (response.statusCode === 200) {
            const answer = response.json();
            if (typeof answer.received !== 'boolean' || typeof answer.duplicate !== 'boolean')
              failures.push(`200 with ${response.body}`);
            accepted.add(payload);
          } else if (response.statusCode === 400 && response.json().code !== 'WEBHOOK_INVALID') {
            failures.push(`400 with ${response.body}`);
          }
        }),
      );
      const after = await snapshotState(ctx.database.pool);
      // Rows an accepted event may touch: its own event id, and its session with that session's user.
      const events = [...accepted].map((payload) => JSON.parse(payload));
      const eventIds = new Set(events.map((body) => String(body.id)));
      const sessionIds = new Set(events.map((body) => String(body.data?.object?.id)));
      const userIds = new Set(sessions.filter((s) => sessionIds.has(s.id)).map((s) => s.userId));
      const paymentIds = new Set(
        after.payments.filter((p) => sessionIds.has(p.checkoutSessionId)).map((p) => p.id),
      );
      for (const change of diffStates(before, after)) {
        const isExplained =
          change.kind !== 'removed' &&
          ((change.table === 'webhook_events' && eventIds.has(change.key)) ||
            (change.table === 'checkout_sessions' && sessionIds.has(change.key)) ||
            (change.table === 'users' && userIds.has(change.key)) ||
            (change.table === 'payments' && paymentIds.has(change.key)));
        if (!isExplained)
          failures.push(`unexplained change: ${change.table} ${change.key} ${change.kind}`);
      }
    }
    console.log(
      `webhook fuzz: ${DELIVERIES} deliveries, statuses ${JSON.stringify([...statuses])}`,
    );
    expect(failures.slice(0, 10), failures.slice(0, 10).join('\n')).toEqual([]);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(100);
  });
});
