import type { FastifyBaseLogger } from 'fastify';
import type { PaymentEvent } from '../../providers/payments/payments.ts';
import { insertAuditEvents } from '../audit/audit.repository.ts';
import type { Tx } from '../../db/client.ts';
import * as repo from './transactions.repository.ts';

type ChargeEvent = Extract<PaymentEvent, { type: 'charge.refunded' | 'charge.disputed' }>;
type Context = { requestId: string | null; log: FastifyBaseLogger };

/**
 * Refunds and disputes end premium, inside the transaction that claimed the event id,
 * so the record, the flag and the audit event commit together or not at all. A full refund
 * (`amount_refunded == amount`) or a dispute of a paid checkout ends it; a partial refund is
 * only recorded (`amountRefundedMinor`), premium stays. An event about a payment not recorded
 * yet is kept and applied when the payment is (`applyParkedChargeEvents`): Stripe may deliver a
 * refund before the payment's own event, and premium must not outlive the refund.
 */
export async function applyChargeEvent(
  tx: Tx,
  event: ChargeEvent,
  { requestId, log }: Context,
): Promise<void> {
  const { paymentIntentId } = event;
  const row = paymentIntentId ? await repo.lockCheckoutOfPayment(tx, paymentIntentId) : undefined;
  if (!row) {
    if (paymentIntentId) await repo.parkChargeEvent(tx, { ...event, paymentIntentId });
    log.warn(
      { eventType: event.type },
      paymentIntentId
        ? 'charge event for a payment not recorded yet kept until it is'
        : 'charge event without a payment ignored',
    );
    return;
  }
  if (event.type === 'charge.refunded' && event.card)
    await repo.fillCardDetails(tx, row.id, event.card);
  const isFullRefund =
    event.type === 'charge.refunded' &&
    event.amountMinor > 0 &&
    event.amountRefundedMinor >= event.amountMinor;
  const endsAs =
    row.status !== 'paid'
      ? undefined
      : event.type === 'charge.disputed'
        ? ('disputed' as const)
        : isFullRefund
          ? ('refunded' as const)
          : undefined;
  await repo.recordChargeOutcome(tx, row.id, {
    ...(event.type === 'charge.refunded' && { amountRefundedMinor: event.amountRefundedMinor }),
    endsAs,
  });
  if (!endsAs) return;
  const revoked = await repo.revokePremium(tx, row.userId);
  await insertAuditEvents(tx, [
    {
      actorId: row.userId,
      patientId: null,
      action: 'revoke_premium',
      outcome: 'success',
      requestId,
    },
  ]);
  log.info(
    { userId: row.userId, endsAs, revoked },
    'checkout ended by the provider; premium revoked',
  );
}

/** Applies the charge events that arrived before this payment was recorded, in their order. */
export async function applyParkedChargeEvents(
  tx: Tx,
  paymentIntentId: string,
  context: Context,
): Promise<void> {
  for (const event of await repo.takeParkedChargeEvents(tx, paymentIntentId))
    await applyChargeEvent(tx, event, context);
}
