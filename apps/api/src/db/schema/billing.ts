import { sql } from 'drizzle-orm';
import { bigint, integer, pgSequence, pgTable, text, uuid, index } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.ts';
import { userReference } from './users.ts';

/**
 * Invoice numbers: taken with `nextval` when a checkout becomes paid, so they are
 * unique and increasing across the portal. A transaction that rolls back loses its number
 * (PostgreSQL sequences never hand a value out twice), so gaps are possible, duplicates are not.
 */
export const invoiceNumbers = pgSequence('invoice_numbers', { startWith: 1001 });

/**
 * A hosted checkout started by a user: one row per transaction of the Transaction History.
 * `status`: open → paid (only on the provider's word) or canceled; paid → refunded (a full
 * refund) or disputed; `amount_refunded_minor` also records a partial refund.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    provider: text('provider').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    paidAt: instant('paid_at'),
    /** From `invoice_numbers` when paid; shown as `INV-` and the number. */
    invoiceNumber: bigint('invoice_number', { mode: 'number' }).unique(),
    /** The provider's payment (Stripe's PaymentIntent): refund and dispute events name it. */
    paymentIntentId: text('payment_intent_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    amountRefundedMinor: integer('amount_refunded_minor').notNull().default(0),
    /** When a full refund or a dispute ended the premium this checkout bought. */
    endedAt: instant('ended_at'),
  },
  (table) => [
    index('checkout_sessions_user_idx').on(table.userId),
    // The Transaction History, newest first, per user.
    index('checkout_sessions_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('checkout_sessions_payment_intent_idx')
      .on(table.paymentIntentId)
      .where(sql`${table.paymentIntentId} is not null`),
  ],
);

/** One row per confirmed payment; the unique session id makes granting idempotent. */
export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: userReference('user_id'),
  checkoutSessionId: text('checkout_session_id').notNull().unique(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  createdAt: createdAt(),
});

/** Provider webhook event ids already handled: a redelivery is ignored. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull().defaultNow(),
});
