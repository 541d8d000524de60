import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type AuthHeaders, signIn } from '../../../test/app.ts';
import { completedEvent, sign, uniqueId, useStripeApp } from '../../../test/stripe-app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { parkedChargeEvents } from '../../db/schema/parked-charge-events.ts';

/** Stripe's charge.refunded and charge.dispute.created events, and the transaction they leave. */

const stripe = useStripeApp();
const { openCheckout, deliver, isPremium } = stripe;

describe('refunds and disputes end premium', () => {
  function chargeEvent(type: string, object: Record<string, unknown>) {
    return JSON.stringify({
      id: uniqueId('evt_charge'),
      object: 'event',
      type,
      data: { object },
    });
  }
  const refundedCharge = (paymentIntent: string, amountRefunded: number) =>
    chargeEvent('charge.refunded', {
      id: `ch_${paymentIntent}`,
      object: 'charge',
      amount: 10_000,
      amount_refunded: amountRefunded,
      refunded: amountRefunded === 10_000,
      payment_intent: paymentIntent,
      payment_method_details: { type: 'card', card: { brand: 'mastercard', last4: '4444' } },
    });
  const disputeCreated = (paymentIntent: string) =>
    chargeEvent('charge.dispute.created', {
      id: `dp_${paymentIntent}`,
      object: 'dispute',
      charge: `ch_${paymentIntent}`,
      payment_intent: paymentIntent,
      amount: 10_000,
      status: 'needs_response',
    });

  /** A Stripe member: the session paid by `pi`, whose card Stripe knows. */
  async function paidMember(pi = uniqueId('pi_test')) {
    const { headers, user } = await signIn(stripe.ctx);
    const { id } = await openCheckout(headers);
    stripe.fake.addPaymentCard(pi, { brand: 'amex', last4: '0005' });
    const payload = completedEvent({ id, userId: user._id }, { payment_intent: pi });
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(await isPremium(user._id)).toBe(true);
    return { headers, user, id, pi };
  }
  const transactionOf = async (headers: AuthHeaders, id: string) =>
    (
      await stripe.ctx.app.inject({
        method: 'GET',
        url: `/api/premier/transactions/${id}`,
        headers,
      })
    ).json();
  const revocationsOf = (userId: string) =>
    stripe.ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, userId), eq(auditEvents.action, 'revoke_premium')));

  it('a paid checkout shows the card Stripe charged and an invoice number', async () => {
    const { headers, id } = await paidMember();
    expect(await transactionOf(headers, id)).toMatchObject({
      status: 'paid',
      paymentMethod: { brand: 'amex', last4: '0005' },
      invoiceNumber: expect.stringMatching(/^INV-\d+$/),
      canRefundLocally: false,
    });
  });

  it('charge.refunded in full revokes premium, audited, once: a replayed event changes nothing', async () => {
    const { headers, user, id, pi } = await paidMember();
    const payload = refundedCharge(pi, 10_000);
    const response = await deliver(payload, sign(payload));
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect(await isPremium(user._id)).toBe(false);
    expect(await transactionOf(headers, id)).toMatchObject({
      status: 'refunded',
      amountRefundedMinor: 10_000,
    });
    expect(await revocationsOf(user._id)).toHaveLength(1);

    // The user buys again; the old refund event replayed must not touch the new membership.
    const again = await openCheckout(headers);
    const paidAgain = completedEvent(
      { id: again.id, userId: user._id },
      { payment_intent: `${pi}_2` },
    );
    await deliver(paidAgain, sign(paidAgain));
    expect(await isPremium(user._id)).toBe(true);
    const replay = await deliver(payload, sign(payload));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await isPremium(user._id)).toBe(true);
    expect(await revocationsOf(user._id)).toHaveLength(1);
  });

  it('a partial refund records the amount but premium stays', async () => {
    const { headers, user, id, pi } = await paidMember();
    const payload = refundedCharge(pi, 2_500);
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(await isPremium(user._id)).toBe(true);
    expect(await transactionOf(headers, id)).toMatchObject({
      status: 'paid',
      amountRefundedMinor: 2_500,
    });
    expect(await revocationsOf(user._id)).toHaveLength(0);
  });

  it('charge.dispute.created revokes premium and marks the transaction disputed', async () => {
    const { headers, user, id, pi } = await paidMember();
    const payload = disputeCreated(pi);
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(await isPremium(user._id)).toBe(false);
    expect(await transactionOf(headers, id)).toMatchObject({ status: 'disputed' });
    expect(await revocationsOf(user._id)).toHaveLength(1);
  });

  it('a full refund delivered before its payment event ends premium when the payment arrives', async () => {
    const { headers, user } = await signIn(stripe.ctx);
    const { id } = await openCheckout(headers);
    const pi = uniqueId('pi_refund_first');
    const refund = refundedCharge(pi, 10_000);
    expect((await deliver(refund, sign(refund))).json()).toEqual({
      received: true,
      duplicate: false,
    });
    expect(await isPremium(user._id)).toBe(false);

    const paid = completedEvent({ id, userId: user._id }, { payment_intent: pi });
    expect((await deliver(paid, sign(paid))).statusCode).toBe(200);
    expect(await isPremium(user._id)).toBe(false);
    expect(await transactionOf(headers, id)).toMatchObject({
      status: 'refunded',
      amountRefundedMinor: 10_000,
    });
    expect(await revocationsOf(user._id)).toHaveLength(1);
    // Applied once: the refund is not kept for a later payment.
    expect(await stripe.ctx.database.db.select().from(parkedChargeEvents)).not.toContainEqual(
      expect.objectContaining({ paymentIntentId: pi }),
    );
  });

  it('a dispute delivered before its payment event marks it disputed when the payment arrives', async () => {
    const { headers, user } = await signIn(stripe.ctx);
    const { id } = await openCheckout(headers);
    const pi = uniqueId('pi_dispute_first');
    const dispute = disputeCreated(pi);
    expect((await deliver(dispute, sign(dispute))).statusCode).toBe(200);
    const paid = completedEvent({ id, userId: user._id }, { payment_intent: pi });
    expect((await deliver(paid, sign(paid))).statusCode).toBe(200);
    expect(await isPremium(user._id)).toBe(false);
    expect(await transactionOf(headers, id)).toMatchObject({ status: 'disputed' });
  });

  it('ignores a refund of a payment the portal does not know, and refuses a malformed charge', async () => {
    const { user } = await paidMember();
    const unknown = refundedCharge('pi_unknown_elsewhere', 10_000);
    expect((await deliver(unknown, sign(unknown))).statusCode).toBe(200);
    expect(await isPremium(user._id)).toBe(true);
    const malformed = chargeEvent('charge.refunded', { id: 'ch_x', amount: 'lots' });
    expect((await deliver(malformed, sign(malformed))).statusCode).toBe(400);
  });

  it('an unsigned refund changes nothing', async () => {
    const { user, pi } = await paidMember();
    const payload = refundedCharge(pi, 10_000);
    expect((await deliver(payload, sign(payload, { secret: 'whsec_wrong' }))).statusCode).toBe(400);
    expect(await isPremium(user._id)).toBe(true);
  });

  it('the local refund route does not exist with Stripe (404)', async () => {
    const { headers, id } = await paidMember();
    const response = await stripe.ctx.app.inject({
      method: 'POST',
      url: `/api/premier/local-checkout/${id}/refund`,
      headers,
    });
    expect(response.statusCode).toBe(404);
  });
});
