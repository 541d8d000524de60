import type { FastifyBaseLogger } from 'fastify';
import type { PaymentEvent } from '../../providers/payments/payments.ts';
import { insertAuditEvents } from '../audit/audit.repository.ts';
import type { Tx } from '../../db/client.ts';
import * as repo from './transactions.repository.ts';

type ChargeEvent = Extract<PaymentEvent, { type: 'charge.refunded' | 'charge.disputed' }>;

/**
 * Refunds and disputes end premium (issue 18), inside the transaction that claimed the event id,
 * so the record, the flag and the audit event commit together or not at all. A full refund
 * (`amount_refunded == amount`) or a dispute of a paid checkout ends it; a partial refund is
 * only recorded (`amountRefundedMinor`), premium stays. Events about a payment this portal does
 * not know (another product on the same account) are logged and ignored.
 */
export async function applyChargeEvent(
  tx: Tx,
  event: ChargeEvent,
  { requestId, log }: { requestId: string | null; log: FastifyBaseLogger },
): Promise<void> {
  const row = event.paymentIntentId
    ? await repo.lockCheckoutOfPayment(tx, event.paymentIntentId)
    : undefined;
  if (!row) {
    log.warn(
      { eventType: event.type },
      'charge event for a payment unknown to this portal ignored',
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
