import { z } from 'zod';

/** Checkout session ids: Stripe's `cs_…` and the local provider's `cs_local_…`. */
export const ZCheckoutSessionId = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Not a checkout session id.' });

/** `POST /premier/create-checkout-session` and `/create-payment-intent`: the price in major units. */
export const ZCheckoutInput = z.strictObject({
  amount: z.number({ error: 'amount must be a number.' }).positive().max(1_000_000),
});
export type TCheckoutInput = z.infer<typeof ZCheckoutInput>;

/** The hosted checkout to send the browser to. */
export const ZCheckoutSession = z.object({ id: z.string(), url: z.url() });
export type TCheckoutSession = z.infer<typeof ZCheckoutSession>;

export const ZPaymentIntent = z.object({ id: z.string(), clientSecret: z.string() });
export type TPaymentIntent = z.infer<typeof ZPaymentIntent>;

/** `PUT /user/subscription`: the checkout session, in the body or as `?session_id=`; no body is allowed. */
export const ZSubscriptionInput = z
  .strictObject({ sessionId: ZCheckoutSessionId.optional() })
  .nullish();
export const ZSubscriptionQuery = z.strictObject({ session_id: ZCheckoutSessionId.optional() });
export type TSubscriptionInput = z.infer<typeof ZSubscriptionInput>;

/** Currencies without minor units, and those with three decimals (ISO 4217, as Stripe uses). */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** A price in major units (100 usd) as the integer payment providers expect (10000 cents). */
export function toMinorUnits(amount: number, currency: string): number {
  const code = currency.toLowerCase();
  const factor = ZERO_DECIMAL.has(code) ? 1 : THREE_DECIMAL.has(code) ? 1000 : 100;
  return Math.round(amount * factor);
}
