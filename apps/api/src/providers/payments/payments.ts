/** What the provider says about one checkout session. */
export interface ProviderCheckoutSession {
  id: string;
  /** True only when the provider confirms the money was received (`payment_status=paid`). */
  isPaid: boolean;
  /** Our user id, as passed when the session was created. */
  clientReferenceId: string | null;
  amountMinor: number | null;
  currency: string | null;
}

/** A verified webhook delivery, reduced to what billing acts on. */
export type PaymentEvent =
  | { id: string; type: 'checkout.completed'; session: ProviderCheckoutSession }
  | { id: string; type: 'checkout.expired'; session: ProviderCheckoutSession }
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
  readonly name: 'local' | 'stripe';
  /** The request header carrying the webhook's signature; null when the provider sends none. */
  readonly webhookSignatureHeader: string | null;
  /**
   * True when the checkout pages are served by this API (billing's local-checkout routes), so
   * a session is paid or canceled there rather than reported by a webhook.
   */
  readonly hasOwnCheckoutPages: boolean;
  createCheckoutSession(input: CreateCheckoutInput): Promise<{ id: string; url: string }>;
  createPaymentIntent(
    input: CreatePaymentIntentInput,
  ): Promise<{ id: string; clientSecret: string }>;
  /**
   * Asks the provider about a session. The local provider keeps no state of its own (its Pay
   * button records the payment directly), so it answers null.
   */
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  /** Verifies the signature over the exact bytes received and parses the event. */
  parseWebhook(input: { rawBody: Buffer; signature: string | undefined }): PaymentEvent;
}

export class PaymentProviderError extends Error {}

export class InvalidWebhookError extends Error {}
