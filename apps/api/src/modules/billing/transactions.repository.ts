import { and, desc, eq, ne, notExists, or, lt, sql } from 'drizzle-orm';
import { checkoutSessions } from '../../db/schema/billing.ts';
import {
  parkedChargeEvents,
  type ParkedChargeEvent,
} from '../../db/schema/parked-charge-events.ts';
import { countRows, findRow } from '../../db/rows.ts';
import { users } from '../../db/schema/users.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  isUsersCheckout,
  type CardDetails,
  type CheckoutSessionRow,
} from './billing.repository.ts';

/** The Transaction History lists every checkout that ended somewhere: not the open ones. */
const isListed = ne(checkoutSessions.status, 'open');

/** One page of the user's transactions, newest first, strictly after `after` when given. */
export async function findTransactionsOfUser(
  db: DbOrTx,
  {
    userId,
    after,
    limit,
  }: { userId: string; after: [createdAt: string, id: string] | null; limit: number },
): Promise<CheckoutSessionRow[]> {
  const position = after
    ? or(
        lt(checkoutSessions.createdAt, new Date(after[0])),
        and(eq(checkoutSessions.createdAt, new Date(after[0])), lt(checkoutSessions.id, after[1])),
      )
    : undefined;
  return db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), isListed, position))
    .orderBy(desc(checkoutSessions.createdAt), desc(checkoutSessions.id))
    .limit(limit);
}

export async function countTransactionsOfUser(db: DbOrTx, userId: string): Promise<number> {
  return countRows(db, checkoutSessions, and(eq(checkoutSessions.userId, userId), isListed));
}

/** The user's own listed transaction; someone else's id (or an open checkout) is undefined. */
export async function findTransactionOfUser(
  db: DbOrTx,
  which: { id: string; userId: string },
): Promise<CheckoutSessionRow | undefined> {
  return findRow(db, checkoutSessions, and(isUsersCheckout(which), isListed));
}

/** The checkout a provider payment belongs to, locked until the transaction ends. */
export async function lockCheckoutOfPayment(
  tx: Tx,
  paymentIntentId: string,
): Promise<CheckoutSessionRow | undefined> {
  return findRow(tx, checkoutSessions, eq(checkoutSessions.paymentIntentId, paymentIntentId), {
    forUpdate: true,
  });
}

/** Records how much was refunded; a full refund or a dispute also ends what it bought. */
export async function recordChargeOutcome(
  tx: Tx,
  id: string,
  outcome: { amountRefundedMinor?: number; endsAs?: 'refunded' | 'disputed' },
): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({
      ...(outcome.amountRefundedMinor !== undefined && {
        amountRefundedMinor: outcome.amountRefundedMinor,
      }),
      ...(outcome.endsAs && { status: outcome.endsAs, endedAt: sql`now()` }),
    })
    .where(eq(checkoutSessions.id, id));
}

/** Fills in the card when it was not known yet (it arrived with a later event). */
export async function fillCardDetails(tx: Tx, id: string, card: CardDetails): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({ cardBrand: card.brand, cardLast4: card.last4 })
    .where(and(eq(checkoutSessions.id, id), sql`${checkoutSessions.cardBrand} is null`));
}

/**
 * Ends premium (users.isPremium, the one flag every members-only check reads) unless another
 * checkout of the user is still paid. True when the flag went from true to false.
 */
export async function revokePremium(tx: Tx, userId: string): Promise<boolean> {
  const stillPaid = tx
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'paid')));
  const rows = await tx
    .update(users)
    .set({ isPremium: false, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.isPremium, true), notExists(stillPaid)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** How long a charge event about an unknown payment is kept: past Stripe's three days of retries. */
const PARKED_EVENT_DAYS = 7;

/** Keeps a charge event until its payment is recorded; older unclaimed ones go first. */
export async function parkChargeEvent(
  tx: Tx,
  event: ParkedChargeEvent & { paymentIntentId: string },
): Promise<void> {
  await tx
    .delete(parkedChargeEvents)
    .where(
      lt(parkedChargeEvents.receivedAt, sql`now() - make_interval(days => ${PARKED_EVENT_DAYS})`),
    );
  await tx
    .insert(parkedChargeEvents)
    .values({ eventId: event.id, paymentIntentId: event.paymentIntentId, event })
    .onConflictDoNothing();
}

/** Removes and answers the charge events kept for this payment, oldest first. */
export async function takeParkedChargeEvents(
  tx: Tx,
  paymentIntentId: string,
): Promise<ParkedChargeEvent[]> {
  const rows = await tx
    .delete(parkedChargeEvents)
    .where(eq(parkedChargeEvents.paymentIntentId, paymentIntentId))
    .returning();
  return rows
    .toSorted((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime())
    .map((row) => row.event);
}
