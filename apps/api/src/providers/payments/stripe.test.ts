import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.ts';
import { createLocalPaymentsProvider } from './local.ts';
import { InvalidWebhookError, PaymentProviderError, type PaymentsProvider } from './payments.ts';
import { createStripePaymentsProvider } from './stripe.ts';

const SECRET = 'whsec_adapter_test';
const USER_ID = '5b0c2f0e-8f65-4a53-9a54-0c7f1d3f6a11';

let fake: FakeStripe;
let stripe: PaymentsProvider;
beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = await createStripePaymentsProvider({
    secretKey: 'sk_test_adapter',
    webhookSecret: SECRET,
    apiUrl: fake.url,
  });
});
afterAll(() => fake.close());

const checkoutInput = {
  userId: USER_ID,
  amountMinor: 10_000,
  currency: 'usd',
  successUrl: 'https://portal.example/payment-success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://portal.example/payment-cancel',
  idempotencyKey: 'premier-checkout:test:1',
};

describe('the Stripe adapter against a local fake of Stripe', () => {
  it('creates a Checkout Session: mode payment, price in cents, the user, both URLs, an idempotency key', async () => {
    const { id, url } = await stripe.createCheckoutSession(checkoutInput);
    const request = fake.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers.authorization).toBe('Bearer sk_test_adapter');
    expect(request.headers['idempotency-key']).toBe('premier-checkout:test:1');
    expect(request.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(request.form).toEqual({
      mode: 'payment',
      client_reference_id: USER_ID,
      'metadata[userId]': USER_ID,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '10000',
      'line_items[0][price_data][product_data][name]': 'CareBridge Premier membership',
      success_url: 'https://portal.example/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://portal.example/payment-cancel',
    });
    expect(id).toMatch(/^cs_test_/);
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${id}`);
  });

  it('retrieves a session: unpaid, then paid, with its reference and amount', async () => {
    const { id } = await stripe.createCheckoutSession({ ...checkoutInput, idempotencyKey: 'k2' });
    expect(await stripe.retrieveCheckoutSession(id)).toEqual({
      id,
      isPaid: false,
      clientReferenceId: USER_ID,
      amountMinor: 10_000,
      currency: 'usd',
      paymentIntentId: null,
    });
    fake.markPaid(id);
    expect(await stripe.retrieveCheckoutSession(id)).toMatchObject({ isPaid: true });
  });

  it('answers null for a session Stripe does not know', async () => {
    expect(await stripe.retrieveCheckoutSession('cs_test_missing')).toBeNull();
  });

  it('turns Stripe failures into PaymentProviderError without the key in the message', async () => {
    fake.failNext(500);
    const failure = await stripe.createCheckoutSession(checkoutInput).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect((failure as Error).message).not.toContain('sk_test_adapter');
    fake.failNext(401, 'invalid_request_error');
    await expect(stripe.retrieveCheckoutSession('cs_x')).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
  });

  it('creates a payment intent in cents and answers its client secret', async () => {
    const intent = await stripe.createPaymentIntent({
      userId: USER_ID,
      amountMinor: 10_000,
      currency: 'usd',
      idempotencyKey: 'premier-intent:test:1',
    });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/payment_intents',
      headers: { 'idempotency-key': 'premier-intent:test:1' },
      form: { amount: '10000', currency: 'usd', 'metadata[userId]': USER_ID },
    });
    expect(intent.clientSecret).toMatch(/_secret_/);
  });

  describe('parseWebhook', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          payment_status: 'paid',
          client_reference_id: USER_ID,
          amount_total: 10_000,
          currency: 'usd',
        },
      },
    });
    const header = (opts: { secret?: string; timestamp?: number } = {}) =>
      Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? SECRET,
        timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000),
      });

    it('verifies and maps checkout.session.completed', () => {
      expect(stripe.parseWebhook({ rawBody: Buffer.from(payload), signature: header() })).toEqual({
        id: 'evt_1',
        type: 'checkout.completed',
        session: {
          id: 'cs_test_1',
          isPaid: true,
          clientReferenceId: USER_ID,
          amountMinor: 10_000,
          currency: 'usd',
          paymentIntentId: null,
        },
      });
    });

    it.each([
      ['no header', () => undefined],
      ['a wrong secret', () => header({ secret: 'whsec_other' })],
      ['a 301 s old timestamp', () => header({ timestamp: Math.floor(Date.now() / 1000) - 301 })],
    ])('rejects %s', (_label, signature) => {
      expect(() =>
        stripe.parseWebhook({ rawBody: Buffer.from(payload), signature: signature() }),
      ).toThrow(InvalidWebhookError);
    });

    it.each([
      ['no data', { id: 'evt_2', type: 'checkout.session.completed' }],
      [
        'data that is not an object',
        { id: 'evt_3', type: 'checkout.session.completed', data: 'x' },
      ],
      [
        'a session without id',
        { id: 'evt_4', type: 'checkout.session.expired', data: { object: {} } },
      ],
      ['no event id', { type: 'customer.created', data: { object: {} } }],
      ['an event id with a NUL', { id: 'evt_\u0000', type: 'customer.created' }],
      [
        'an amount that is text',
        {
          id: 'evt_5',
          type: 'checkout.session.completed',
          data: { object: { id: 'cs_1', amount_total: '10000' } },
        },
      ],
      ['not an object at all', null],
    ])(
      'rejects a correctly signed event with %s (found by the webhook fuzz suite)',
      (_label, body) => {
        const text = JSON.stringify(body);
        const signature = Stripe.webhooks.generateTestHeaderString({
          payload: text,
          secret: SECRET,
          timestamp: Math.floor(Date.now() / 1000),
        });
        expect(() => stripe.parseWebhook({ rawBody: Buffer.from(text), signature })).toThrow(
          InvalidWebhookError,
        );
      },
    );

    it('rejects a body changed by one byte', () => {
      const changed = Buffer.from(payload.replace('10000', '10001'));
      expect(() => stripe.parseWebhook({ rawBody: changed, signature: header() })).toThrow(
        InvalidWebhookError,
      );
    });
  });
});

describe('the local provider', () => {
  const local = createLocalPaymentsProvider({ publicUrl: 'http://localhost:3000' });

  it('makes unguessable session ids with an API-served checkout url', async () => {
    const a = await local.createCheckoutSession(checkoutInput);
    const b = await local.createCheckoutSession(checkoutInput);
    expect(a.id).not.toBe(b.id);
    expect(a.id).toMatch(/^cs_local_[A-Za-z0-9_-]{32}$/);
    expect(a.url).toBe(`http://localhost:3000/api/premier/local-checkout/${a.id}`);
  });

  it('accepts no webhooks', () => {
    expect(() => local.parseWebhook({ rawBody: Buffer.from('{}'), signature: 't=1,v1=x' })).toThrow(
      InvalidWebhookError,
    );
  });
});
