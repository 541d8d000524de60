import { z } from 'zod';
import { ZPageQuery } from './patient.ts';

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

/** How many minor units make one major unit of the currency (100 cents in a dollar). */
export function minorUnitsPerMajor(currency: string): number {
  const code = currency.toLowerCase();
  return ZERO_DECIMAL.has(code) ? 1 : THREE_DECIMAL.has(code) ? 1000 : 100;
}

/** A price in major units (100 usd) as the integer payment providers expect (10000 cents). */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * minorUnitsPerMajor(currency));
}

/** Statuses of the Transaction History. An open checkout is not listed. */
export const TRANSACTION_STATUSES = ['paid', 'canceled', 'refunded', 'disputed'] as const;
export type TTransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** `INV-` and the portal-wide invoice number, as shown on receipts. */
export const formatInvoiceNumber = (invoiceNumber: number) => `INV-${invoiceNumber}`;

/** One checkout of the signed-in user: `GET /api/premier/transactions[/{id}]`. */
export const ZTransaction = z.object({
  id: z.string().describe('The checkout session id'),
  createdAt: z.string().describe('When the checkout was started (ISO 8601)'),
  paidAt: z.string().nullable().describe('When the provider confirmed the payment'),
  amountMinor: z.number().int().describe("The amount in the currency's minor unit (cents)"),
  currency: z.string().describe('ISO 4217 code, lower case as the provider writes it'),
  amountRefundedMinor: z
    .number()
    .int()
    .describe('Refunded so far (minor unit); less than the amount means a partial refund'),
  status: z.enum(TRANSACTION_STATUSES),
  invoiceNumber: z
    .string()
    .nullable()
    .describe('`INV-` and a number unique in the portal; null until paid'),
  paymentMethod: z
    .object({ brand: z.string(), last4: z.string() })
    .nullable()
    .describe('Card brand and last four digits, when the provider gave them'),
  item: z.string().describe('What was bought'),
  provider: z.string().describe('The payments provider that took it (local or stripe)'),
  canRefundLocally: z
    .boolean()
    .describe('True for a paid checkout of the local test provider: it can be refunded here'),
});
export type TTransaction = z.infer<typeof ZTransaction>;

/** `GET /api/premier/transactions?limit=&cursor=` (newest first). */
export const ZTransactionListQuery = ZPageQuery;

export const ZTransactionParams = z.object({ id: ZCheckoutSessionId });
