import { integer, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A hosted checkout started by a user; `status` becomes `paid` only on the provider's word. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [index('checkout_sessions_user_idx').on(table.userId)],
);

/** One row per confirmed payment; the unique session id makes granting idempotent. */
export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  checkoutSessionId: text('checkout_session_id').notNull().unique(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/** Provider webhook event ids already handled: a redelivery is ignored. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
