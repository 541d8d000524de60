import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { PaymentEvent } from '../../providers/payments/payments.ts';
import { instant } from './columns.ts';

/** A refund or dispute, as the provider reported it. */
export type ParkedChargeEvent = Extract<
  PaymentEvent,
  { type: 'charge.refunded' | 'charge.disputed' }
>;

/**
 * Refunds and disputes that arrived before the payment they are about was recorded (the
 * provider does not deliver events in order). Each is applied, and deleted, in the transaction
 * that records its payment, so premium granted by a payment already refunded ends at once.
 * Events about a payment this portal never sold (another product on the same account) are
 * deleted by the next insert once older than the provider's retries of the payment event.
 */
export const parkedChargeEvents = pgTable(
  'parked_charge_events',
  {
    eventId: text('event_id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull(),
    event: jsonb('event').$type<ParkedChargeEvent>().notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (table) => [
    index('parked_charge_events_payment_idx').on(table.paymentIntentId),
    index('parked_charge_events_received_idx').on(table.receivedAt),
  ],
);
