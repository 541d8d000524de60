import type Stripe from 'stripe';
import { z } from 'zod';
import { httpUrl, optionalText } from '../../lib/env-values.ts';
import {
  definePaymentsProvider,
  InvalidWebhookError,
  PaymentProviderError,
  type PaymentCard,
  type PaymentEvent,
  type PaymentsProvider,
  type ProviderCheckoutSession,
} from './payments.ts';

/** Stripe rejects signatures older than this; we say it explicitly rather than rely on a default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const PRODUCT_NAME = 'CareBridge Premier membership';

const SIGNATURE_HEADER = 'stripe-signature';

/** `STRIPE_API_URL` (a local fake in tests) becomes the SDK's host, port and protocol options. */
function endpointOptions(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/** Stripe's ids: `evt_…`, `cs_…`; nothing else reaches the database. */
const ZStripeId = z.string().regex(/^[A-Za-z0-9_-]{1,255}$/);
const ZWebhookEvent = z.object({ id: ZStripeId, type: z.string().min(1).max(255) });
/** The fields of a checkout session the portal reads, with the types Stripe documents. */
const ZWebhookSession = z.object({
  id: ZStripeId,
  payment_status: z.string().nullish(),
  client_reference_id: z.string().max(255).nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().max(16).nullish(),
});

const ZCard = z
  .object({ brand: z.string().max(40), last4: z.string().regex(/^[0-9]{4}$/) })
  .nullish();
/** A charge (`charge.refunded`): amounts in the minor unit, its PaymentIntent and card. */
const ZWebhookCharge = z.object({
  id: ZStripeId,
  amount: z.number().int().nonnegative(),
  amount_refunded: z.number().int().nonnegative(),
  payment_intent: ZStripeId.nullish(),
  payment_method_details: z.object({ card: ZCard }).nullish(),
});
/** A dispute (`charge.dispute.created`): the PaymentIntent it is about. */
const ZWebhookDispute = z.object({ id: ZStripeId, payment_intent: ZStripeId.nullish() });

/** The schema of the object of the event types the portal acts on. */
function objectSchemaOf(type: string): z.ZodType | null {
  if (type.startsWith('checkout.session.')) return ZWebhookSession;
  if (type === 'charge.refunded') return ZWebhookCharge;
  if (type === 'charge.dispute.created') return ZWebhookDispute;
  return null;
}

const cardOf = (details: unknown): PaymentCard | null => {
  const card = ZCard.safeParse((details as { card?: unknown } | null | undefined)?.card);
  return card.success && card.data ? { brand: card.data.brand, last4: card.data.last4 } : null;
};

/** `payment_intent` is an id, or the object when expanded. */
const paymentIntentIdOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : ((value as { id?: string } | null)?.id ?? null);

/**
 * A correctly signed event can still be malformed (a bug or a leaked secret on the sending
 * side): it is refused like a bad signature rather than failing in the database.
 */
function checkEventShape(event: unknown): void {
  const parsed = ZWebhookEvent.safeParse(event);
  const schema = parsed.success ? objectSchemaOf(parsed.data.type) : null;
  const isWellFormed =
    parsed.success &&
    (!schema || schema.safeParse((event as { data?: { object?: unknown } }).data?.object).success);
  if (!isWellFormed)
    throw new InvalidWebhookError('the signed event does not have the shape of a Stripe event');
}

function toProviderSession(session: Stripe.Checkout.Session): ProviderCheckoutSession {
  return {
    id: session.id,
    isPaid: session.payment_status === 'paid',
    clientReferenceId: session.client_reference_id ?? null,
    amountMinor: session.amount_total ?? null,
    currency: session.currency ?? null,
    paymentIntentId: paymentIntentIdOf(session.payment_intent),
  };
}

type StripeSdk = typeof Stripe;

function providerError(sdk: StripeSdk, what: string, error: unknown): PaymentProviderError {
  const reason =
    error instanceof sdk.errors.StripeError
      ? [error.type, error.statusCode, error.code].filter(Boolean).join(' ')
      : 'unexpected error';
  return new PaymentProviderError(`stripe ${what} failed: ${reason}`, { cause: error });
}

/** Runs an SDK call; anything that is not a clear answer becomes a PaymentProviderError. */
async function call<T>(sdk: StripeSdk, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw providerError(sdk, what, error);
  }
}

/**
 * The SDK is loaded here, when Stripe is the chosen provider, not when the registry is: every
 * instance (and each of the test suites' apps) on the local provider is spared its start-up.
 */
export async function createStripePaymentsProvider({
  secretKey,
  webhookSecret,
  apiUrl,
}: {
  secretKey: string;
  webhookSecret: string;
  /** Another base URL for Stripe's API, e.g. a local fake `http://127.0.0.1:4010`. */
  apiUrl?: string;
}): Promise<PaymentsProvider> {
  const { default: Sdk } = await import('stripe');
  const stripe = new Sdk(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...endpointOptions(apiUrl),
  });

  return {
    name: 'stripe',
    webhookSignatureHeader: SIGNATURE_HEADER,
    checkoutPages: null,

    async createCheckoutSession({
      userId,
      amountMinor,
      currency,
      successUrl,
      cancelUrl,
      idempotencyKey,
    }) {
      const session = await call(Sdk, 'checkout session creation', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: userId,
            metadata: { userId },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency,
                  unit_amount: amountMinor,
                  product_data: { name: PRODUCT_NAME },
                },
              },
            ],
            success_url: successUrl,
            cancel_url: cancelUrl,
          },
          { idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentProviderError('stripe answered a session without a url');
      return { id: session.id, url: session.url };
    },

    async createPaymentIntent({ userId, amountMinor, currency, idempotencyKey }) {
      const intent = await call(Sdk, 'payment intent creation', () =>
        stripe.paymentIntents.create(
          {
            amount: amountMinor,
            currency,
            metadata: { userId },
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey },
        ),
      );
      if (!intent.client_secret)
        throw new PaymentProviderError('stripe answered a payment intent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrieveCheckoutSession(id) {
      try {
        return toProviderSession(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (error instanceof Sdk.errors.StripeError && error.statusCode === 404) return null;
        throw providerError(Sdk, 'checkout session retrieval', error);
      }
    },

    async retrievePaymentCard(paymentIntentId) {
      try {
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
          expand: ['latest_charge'],
        });
        const charge = intent.latest_charge;
        return typeof charge === 'object' && charge ? cardOf(charge.payment_method_details) : null;
      } catch {
        return null;
      }
    },

    parseWebhook({ rawBody, signature }): PaymentEvent {
      if (!signature) throw new InvalidWebhookError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new InvalidWebhookError(
          error instanceof Error ? error.message.split('\n')[0]! : 'signature check failed',
        );
      }
      checkEventShape(event);
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return {
            id: event.id,
            type: 'checkout.completed',
            session: toProviderSession(event.data.object),
          };
        case 'checkout.session.expired':
          return {
            id: event.id,
            type: 'checkout.expired',
            session: toProviderSession(event.data.object),
          };
        case 'charge.refunded': {
          const charge = event.data.object;
          return {
            id: event.id,
            type: 'charge.refunded',
            paymentIntentId: paymentIntentIdOf(charge.payment_intent),
            amountMinor: charge.amount,
            amountRefundedMinor: charge.amount_refunded,
            card: cardOf(charge.payment_method_details),
          };
        }
        case 'charge.dispute.created':
          return {
            id: event.id,
            type: 'charge.disputed',
            paymentIntentId: paymentIntentIdOf(event.data.object.payment_intent),
          };
        default:
          return { id: event.id, type: 'other', providerType: event.type };
      }
    },
  };
}

/** `PAYMENTS_PROVIDER=stripe`: Checkout Sessions, signed webhooks and Stripe.js v3. */
export const stripePayments = definePaymentsProvider({
  name: 'stripe',
  env: {
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Another base URL for Stripe's API (a local fake in tests). */
    STRIPE_API_URL: httpUrl('an http(s) URL').optional(),
  },
  requiredEnv: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
  csp: {
    script: ['https://js.stripe.com'],
    frame: ['https://js.stripe.com'],
    connect: ['https://api.stripe.com'],
    form: ['https://checkout.stripe.com'],
  },
  webhookSignatureHeader: SIGNATURE_HEADER,
  // The card payment provider's hosted script, version 3.
  browserScript: ({ STRIPE_PUBLISHABLE_KEY }) => ({
    src: 'https://js.stripe.com/v3/',
    initialiser: 'Stripe',
    publishableKey: STRIPE_PUBLISHABLE_KEY!,
  }),
  create: ({ STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL }) =>
    createStripePaymentsProvider({
      secretKey: STRIPE_SECRET_KEY!,
      webhookSecret: STRIPE_WEBHOOK_SECRET!,
      apiUrl: STRIPE_API_URL,
    }),
});
