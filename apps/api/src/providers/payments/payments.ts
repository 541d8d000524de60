import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { TPaymentsScript } from '@portal/shared/public-config';
/** What the provider says about one checkout session. */
export interface ProviderCheckoutSession {
  id: string;
  /** True only when the provider confirms the money was received (`payment_status=paid`). */
  isPaid: boolean;
  /** Our user id, as passed when the session was created. */
  clientReferenceId: string | null;
  amountMinor: number | null;
  currency: string | null;
  /** The provider's payment behind the session (Stripe's PaymentIntent), when known. */
  paymentIntentId?: string | null;
  /** The card that paid, when the provider says. */
  card?: PaymentCard | null;
}

/** Card brand (`visa`, `mastercard`…) and last four digits. */
export interface PaymentCard {
  brand: string;
  last4: string;
}

/** A verified webhook delivery, reduced to what billing acts on. */
export type PaymentEvent =
  | { id: string; type: 'checkout.completed'; session: ProviderCheckoutSession }
  | { id: string; type: 'checkout.expired'; session: ProviderCheckoutSession }
  /** A charge was refunded, fully (`amountRefundedMinor === amountMinor`) or partly. */
  | {
      id: string;
      type: 'charge.refunded';
      paymentIntentId: string | null;
      amountMinor: number;
      amountRefundedMinor: number;
      card: PaymentCard | null;
    }
  /** The card holder disputed the charge with their bank. */
  | { id: string; type: 'charge.disputed'; paymentIntentId: string | null }
  | { id: string; type: 'other'; providerType: string };

export interface CreateCheckoutInput {
  userId: string;
  /** The price in the currency's minor unit (cents). */
  amountMinor: number;
  currency: string;
  /** Must contain `{CHECKOUT_SESSION_ID}`, which the provider replaces with the session id. */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface CreatePaymentIntentInput {
  userId: string;
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
}

/**
 * A card payment provider with a hosted checkout: Stripe in production, a local stand-in by
 * default. Every failure to reach the provider is a `PaymentProviderError`; a webhook that
 * cannot be verified is an `InvalidWebhookError`.
 */
export interface PaymentsProvider {
  /** The registry's key (`PAYMENTS_PROVIDER`), stored with each checkout session. */
  readonly name: string;
  /** The request header carrying the webhook's signature; null when the provider sends none. */
  readonly webhookSignatureHeader: string | null;
  /**
   * The provider's own checkout pages, served by this API (the local provider's test page), so
   * a session is paid or canceled there rather than reported by a webhook; null: the provider
   * hosts its checkout itself.
   */
  readonly checkoutPages: CheckoutPages | null;
  createCheckoutSession(input: CreateCheckoutInput): Promise<{ id: string; url: string }>;
  createPaymentIntent(
    input: CreatePaymentIntentInput,
  ): Promise<{ id: string; clientSecret: string }>;
  /**
   * Asks the provider about a session. The local provider keeps no state of its own (its Pay
   * button records the payment directly), so it answers null.
   */
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  /**
   * The card behind a provider payment (for the receipt); null when unknown. Never throws: a
   * receipt without a card is better than a payment not recorded.
   */
  retrievePaymentCard(paymentIntentId: string): Promise<PaymentCard | null>;
  /** Verifies the signature over the exact bytes received and parses the event. */
  parseWebhook(input: { rawBody: Buffer; signature: string | undefined }): PaymentEvent;
}

/** What a provider's own checkout pages may do with billing's checkout sessions. */
export interface OwnCheckouts {
  /** The session, when it exists, is this provider's and is still open. */
  findOpen(id: string): Promise<{ id: string } | undefined>;
  /** Records the payment exactly as a provider's webhook would. */
  pay(input: { id: string; log: FastifyBaseLogger }): Promise<'paid' | 'unknown'>;
  cancel(id: string): Promise<'canceled' | 'unknown'>;
}

/** The card data of a provider's own test checkout (no card is charged). */
export const TEST_CARD: PaymentCard = { brand: 'visa', last4: '4242' };

export interface CheckoutPagesOptions {
  checkouts: OwnCheckouts;
  config: { PUBLIC_URL: string; PREMIUM_AMOUNT: number; PREMIUM_CURRENCY: string };
}

/** Registers a provider's checkout pages in their own scope (its body parsers stay there). */
export type CheckoutPages = (scope: FastifyInstance, options: CheckoutPagesOptions) => void;

export class PaymentProviderError extends Error {}

export class InvalidWebhookError extends Error {}

/** CSP origins a provider's browser side needs, by directive. */
export interface PaymentsCspOrigins {
  script?: readonly string[];
  frame?: readonly string[];
  connect?: readonly string[];
  form?: readonly string[];
}

/**
 * Everything the rest of the app knows about one provider, so that a new provider is its own
 * file plus one entry in `definitions.ts`: config, CSP, logs, `GET /api/config` and billing ask
 * this instead of comparing names.
 */
export interface PaymentsProviderDefinition<
  Env extends z.ZodRawShape = z.ZodRawShape,
  Name extends string = string,
> {
  /** The value of `PAYMENTS_PROVIDER` that chooses it. */
  readonly name: Name;
  /** The environment variables only this provider reads, merged into config's schema. */
  readonly env: Env;
  /** Variables of `env` that must be set when this provider is chosen. */
  readonly requiredEnv: readonly (keyof Env & string)[];
  /**
   * Set for a stand-in that grants premium without a card: why it is refused with
   * NODE_ENV=production (the text after "cannot be <name> when NODE_ENV=production"). Such a
   * provider also serves this computer only unless LOCAL_PROVIDERS_ALLOW_REMOTE=true.
   */
  readonly refusedInProductionBecause?: string;
  /** Origins added to the Content-Security-Policy when this provider is chosen. */
  readonly csp: PaymentsCspOrigins;
  /** The request header carrying the webhook's signature (redacted from logs); null: none. */
  readonly webhookSignatureHeader: string | null;
  /** The browser's script (`GET /api/config`), loaded on the premium page only; null: none. */
  browserScript(settings: ProviderSettings<Env>): TPaymentsScript | null;
  /** Asynchronous so that a provider's SDK is loaded only when that provider is chosen. */
  create(settings: ProviderSettings<Env>): Promise<PaymentsProvider>;
}

/** The provider's own variables (parsed) plus the app's public address. */
export type ProviderSettings<Env extends z.ZodRawShape> = z.infer<z.ZodObject<Env>> & {
  PUBLIC_URL: string;
};

/** Keeps a definition's settings typed by its own `env`. */
export function definePaymentsProvider<Env extends z.ZodRawShape, const Name extends string>(
  definition: PaymentsProviderDefinition<Env, Name>,
): PaymentsProviderDefinition<Env, Name> {
  return definition;
}
