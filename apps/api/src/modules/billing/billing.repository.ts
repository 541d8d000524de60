import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { findRow } from '../../db/rows.ts';
import { checkoutSessions, payments, webhookEvents } from '../../db/schema/billing.ts';
import { users } from '../../db/schema/users.ts';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/** The user a checkout is for (the users module's read; billing's SQL goes through here). */
export { findUserById } from '../users/users.repository.ts';

/** Stores a session the provider created; the same id twice (an idempotent retry) is a no-op. */
export async function insertCheckoutSession(
  db: DbOrTx,
  input: { id: string; userId: string; provider: string; amountMinor: number; currency: string },
): Promise<void> {
  await db
    .insert(checkoutSessions)
    .values({ ...input, status: 'open' })
    .onConflictDoNothing({ target: checkoutSessions.id });
}

/** The checkout `id` when it is this user's: the condition every own-checkout read starts from. */
export const isUsersCheckout = ({ id, userId }: { id: string; userId: string }) =>
  and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId));

/** The session only when it belongs to this user: someone else's id reads as unknown. */
export async function findCheckoutSessionOfUser(
  db: DbOrTx,
  which: { id: string; userId: string },
): Promise<CheckoutSessionRow | undefined> {
  return findRow(db, checkoutSessions, isUsersCheckout(which));
}

export async function findCheckoutSession(
  db: DbOrTx,
  id: string,
): Promise<CheckoutSessionRow | undefined> {
  return findRow(db, checkoutSessions, eq(checkoutSessions.id, id));
}

/** Reads the session and holds its row lock until the transaction ends (pay vs cancel races). */
export async function lockCheckoutSession(
  tx: Tx,
  id: string,
): Promise<CheckoutSessionRow | undefined> {
  return findRow(tx, checkoutSessions, eq(checkoutSessions.id, id), { forUpdate: true });
}

/** Card brand and last four digits, as the provider reports them. */
export interface CardDetails {
  brand: string;
  last4: string;
}

/**
 * Open → paid, with the next invoice number (`invoice_numbers`, see schema/billing.ts) and what
 * the provider said about the payment.
 */
export async function markCheckoutSessionPaid(
  tx: Tx,
  id: string,
  payment: { paymentIntentId?: string | null; card?: CardDetails | null } = {},
): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({
      status: 'paid',
      paidAt: sql`now()`,
      invoiceNumber: sql`coalesce(${checkoutSessions.invoiceNumber}, nextval('invoice_numbers'))`,
      ...(payment.paymentIntentId && { paymentIntentId: payment.paymentIntentId }),
      ...(payment.card && { cardBrand: payment.card.brand, cardLast4: payment.card.last4 }),
    })
    .where(eq(checkoutSessions.id, id));
}

/** Open → canceled; a paid session is never touched. True when it was open. */
export async function cancelOpenCheckoutSession(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(checkoutSessions)
    .set({ status: 'canceled' })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
    .returning({ id: checkoutSessions.id });
  return rows.length > 0;
}

/**
 * Claims a provider event id. The primary key makes concurrent deliveries of one event wait
 * for the first transaction and then see it as taken: false means already handled.
 */
export async function claimWebhookEvent(
  tx: Tx,
  { id, type }: { id: string; type: string },
): Promise<boolean> {
  const rows = await tx
    .insert(webhookEvents)
    .values({ id, type })
    .onConflictDoNothing({ target: webhookEvents.id })
    .returning({ id: webhookEvents.id });
  return rows.length > 0;
}

/** One payment per checkout session (unique); false when it was already recorded. */
export async function insertPayment(
  tx: Tx,
  input: { userId: string; checkoutSessionId: string; amountMinor: number; currency: string },
): Promise<boolean> {
  const rows = await tx
    .insert(payments)
    .values(input)
    .onConflictDoNothing({ target: payments.checkoutSessionId })
    .returning({ id: payments.id });
  return rows.length > 0;
}

export async function grantPremium(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ isPremium: true, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.isPremium, false)));
}
