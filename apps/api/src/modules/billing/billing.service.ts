import type { FastifyBaseLogger } from 'fastify';
import { toMinorUnits, ZCheckoutSessionId } from '@portal/shared/billing';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  PaymentProviderError,
  TEST_CARD,
  type PaymentEvent,
  type PaymentsProvider,
  type ProviderCheckoutSession,
} from '../../providers/payments/payments.ts';
import * as repo from './billing.repository.ts';
import { applyChargeEvent, applyParkedChargeEvents } from './premium-revocation.ts';
import { isUuid } from '../../lib/uuid.ts';

export interface BillingDeps {
  db: Db;
  payments: PaymentsProvider;
  config: Pick<Config, 'PREMIUM_AMOUNT' | 'PREMIUM_CURRENCY' | 'PUBLIC_URL'>;
}

/** A signed-in user buying premium; `requestId` makes a retried request idempotent. */
export interface PurchaseInput {
  user: UserRow;
  amount: number;
  requestId: string;
  log: FastifyBaseLogger;
}

/**
 * The premium membership. Premium is granted in exactly one place, `recordPaidCheckout`, inside the
 * transaction that records the payment, and only for a session the provider says is paid.
 */
export function createBillingService({ db, payments, config }: BillingDeps) {
  const price = () => ({
    amountMinor: toMinorUnits(config.PREMIUM_AMOUNT, config.PREMIUM_CURRENCY),
    currency: config.PREMIUM_CURRENCY,
  });

  async function askProvider<T>(run: () => Promise<T>, log: FastifyBaseLogger): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log.warn({ reason: error.message }, 'payment provider call failed');
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    }
  }

  function checkAmount({ user, amount }: { user: UserRow; amount: number }) {
    if (amount !== config.PREMIUM_AMOUNT) throw new AppError('AMOUNT_MISMATCH');
    if (user.isPremium) throw new AppError('ALREADY_PREMIUM');
  }

  /** Records the payment and grants premium, when the paid session matches what we sold. */
  async function recordPaidCheckout(
    tx: Tx,
    session: ProviderCheckoutSession,
    log: FastifyBaseLogger,
  ): Promise<'granted' | 'already-recorded' | 'ignored'> {
    if (!session.isPaid) return 'ignored';
    let row = await repo.lockCheckoutSession(tx, session.id);
    if (!row) row = await adoptUnknownSession(tx, session);
    if (!row) {
      log.warn('a paid checkout session unknown to this portal was ignored');
      return 'ignored';
    }
    const matches =
      session.clientReferenceId === row.userId &&
      session.amountMinor === row.amountMinor &&
      session.currency?.toLowerCase() === row.currency;
    if (!matches) {
      log.error(
        { userId: row.userId },
        'paid checkout does not match the session sold; not granted',
      );
      return 'ignored';
    }
    if (row.status === 'open' || row.status === 'canceled')
      await repo.markCheckoutSessionPaid(tx, row.id, session);
    const isNew = await repo.insertPayment(tx, {
      userId: row.userId,
      checkoutSessionId: row.id,
      amountMinor: row.amountMinor,
      currency: row.currency,
    });
    if (!isNew) return 'already-recorded';
    await repo.grantPremium(tx, row.userId);
    log.info({ userId: row.userId, provider: row.provider }, 'payment recorded, premium granted');
    if (session.paymentIntentId)
      await applyParkedChargeEvents(tx, session.paymentIntentId, { requestId: null, log });
    return 'granted';
  }

  /**
   * The provider created the session but storing it failed (crash between the two): a signed
   * event for one of our users at today's price is still honoured, so nobody pays for nothing.
   */
  async function adoptUnknownSession(tx: Tx, session: ProviderCheckoutSession) {
    const { amountMinor, currency } = price();
    const userId = session.clientReferenceId;
    if (!userId || !isUuid(userId)) return undefined;
    if (session.amountMinor !== amountMinor || session.currency?.toLowerCase() !== currency)
      return undefined;
    if (!(await repo.findUserById(tx, userId))) return undefined;
    await repo.insertCheckoutSession(tx, {
      id: session.id,
      userId,
      provider: payments.name,
      amountMinor,
      currency,
    });
    return repo.lockCheckoutSession(tx, session.id);
  }

  /** Handles one verified event once: a repeated event id changes nothing. */
  async function applyEvent(
    tx: Tx,
    event: PaymentEvent,
    { log, requestId }: { log: FastifyBaseLogger; requestId: string | null },
  ) {
    const type = event.type === 'other' ? event.providerType : event.type;
    if (!(await repo.claimWebhookEvent(tx, { id: event.id, type }))) return { isDuplicate: true };
    if (event.type === 'checkout.completed') await recordPaidCheckout(tx, event.session, log);
    if (event.type === 'checkout.expired')
      await repo.cancelOpenCheckoutSession(tx, event.session.id);
    if (event.type === 'charge.refunded' || event.type === 'charge.disputed')
      await applyChargeEvent(tx, event, { requestId, log });
    return { isDuplicate: false };
  }

  /** The card for the receipt, asked of the provider before the transaction opens. */
  async function withCard(session: ProviderCheckoutSession): Promise<ProviderCheckoutSession> {
    if (!session.isPaid || session.card || !session.paymentIntentId) return session;
    return { ...session, card: await payments.retrievePaymentCard(session.paymentIntentId) };
  }

  return {
    async createCheckout({ user, amount, requestId, log }: PurchaseInput) {
      checkAmount({ user, amount });
      const { amountMinor, currency } = price();
      const session = await askProvider(
        () =>
          payments.createCheckoutSession({
            userId: user.id,
            amountMinor,
            currency,
            successUrl: `${config.PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
            cancelUrl: `${config.PUBLIC_URL}/payment-cancel`,
            // A retried request (same x-request-id) gets the same session, never a second one.
            idempotencyKey: `premier-checkout:${user.id}:${requestId}`,
          }),
        log,
      );
      await repo.insertCheckoutSession(db, {
        id: session.id,
        userId: user.id,
        provider: payments.name,
        amountMinor,
        currency,
      });
      return session;
    },

    async createPaymentIntent({ user, amount, requestId, log }: PurchaseInput) {
      checkAmount({ user, amount });
      const { id, clientSecret } = await askProvider(
        () =>
          payments.createPaymentIntent({
            userId: user.id,
            ...price(),
            idempotencyKey: `premier-intent:${user.id}:${requestId}`,
          }),
        log,
      );
      return { id, clientSecret };
    },

    /**
     * 200 with the premium user only for a session of this user that the provider confirms
     * paid; everything else is 402 and changes nothing. Safe to repeat.
     */
    async confirmSubscription({
      user,
      sessionId,
      log,
    }: {
      user: UserRow;
      sessionId: string | undefined;
      log: FastifyBaseLogger;
    }): Promise<UserRow> {
      if (!sessionId)
        throw new AppError('PAYMENT_REQUIRED', {
          message: 'No checkout session was given. Premium was not activated.',
        });
      const row = await repo.findCheckoutSessionOfUser(db, { id: sessionId, userId: user.id });
      if (!row) throw new AppError('PAYMENT_REQUIRED');
      if (row.status === 'canceled')
        throw new AppError('PAYMENT_REQUIRED', {
          message: 'This checkout was canceled, so no payment was made. Premium was not activated.',
        });
      if (row.status === 'open') {
        // The webhook may not have arrived yet: ask the provider directly.
        const remote = await askProvider(() => payments.retrieveCheckoutSession(row.id), log);
        if (!remote?.isPaid || remote.id !== row.id)
          throw new AppError('PAYMENT_REQUIRED', {
            message: 'This checkout has not been paid. Premium was not activated.',
          });
        const paid = await withCard(remote);
        await db.transaction((tx) => recordPaidCheckout(tx, paid, log));
      }
      const fresh = await repo.findUserById(db, user.id);
      if (!fresh?.isPremium) throw new AppError('PAYMENT_REQUIRED');
      return fresh;
    },

    /** `POST /premier/webhook`: verify, then apply once. */
    async handleWebhook({
      rawBody,
      signature,
      log,
      requestId,
    }: {
      rawBody: Buffer;
      signature: string | undefined;
      log: FastifyBaseLogger;
      requestId: string;
    }) {
      const parsed = payments.parseWebhook({ rawBody, signature });
      const event =
        parsed.type === 'checkout.completed'
          ? { ...parsed, session: await withCard(parsed.session) }
          : parsed;
      return db.transaction((tx) => applyEvent(tx, event, { log, requestId }));
    },

    /** The API's own checkout page shows only sessions that exist, are this provider's and still open. */
    async findOpenOwnCheckout(id: string) {
      if (!payments.checkoutPages || !ZCheckoutSessionId.safeParse(id).success) return undefined;
      const row = await repo.findCheckoutSession(db, id);
      return row?.provider === payments.name && row.status === 'open' ? row : undefined;
    },

    /** Pay on a provider's own checkout page (the local one): the same event Stripe's webhook would deliver. */
    async payOwnCheckout({ id, log }: { id: string; log: FastifyBaseLogger }) {
      if (!payments.checkoutPages || !ZCheckoutSessionId.safeParse(id).success) return 'unknown';
      return db.transaction(async (tx) => {
        const row = await repo.lockCheckoutSession(tx, id);
        if (!row || row.provider !== payments.name) return 'unknown' as const;
        if (row.status === 'paid') return 'paid' as const;
        if (row.status !== 'open') return 'unknown' as const;
        await applyEvent(
          tx,
          {
            id: `evt_local_${row.id}`,
            type: 'checkout.completed',
            session: {
              id: row.id,
              isPaid: true,
              clientReferenceId: row.userId,
              amountMinor: row.amountMinor,
              currency: row.currency,
              // The local provider's own payment id and test card, so its refunds find it.
              paymentIntentId: `pi_${row.id}`,
              card: TEST_CARD,
            },
          },
          { log, requestId: null },
        );
        return 'paid' as const;
      });
    },

    /**
     * `POST /premier/local-checkout/{id}/refund`: the local provider's full refund of the
     * user's paid checkout, recorded exactly as Stripe's `charge.refunded` would be. Repeating
     * it changes nothing (the same event id).
     */
    async refundOwnCheckout({
      user,
      id,
      requestId,
      log,
    }: {
      user: UserRow;
      id: string;
      requestId: string;
      log: FastifyBaseLogger;
    }) {
      await db.transaction(async (tx) => {
        const row = await repo.lockCheckoutSession(tx, id);
        if (
          !row ||
          row.userId !== user.id ||
          row.provider !== payments.name ||
          row.status === 'open'
        )
          throw new AppError('TRANSACTION_NOT_FOUND');
        if (row.status === 'canceled' || !row.paymentIntentId)
          throw new AppError('TRANSACTION_NOT_REFUNDABLE');
        await applyEvent(
          tx,
          {
            id: `evt_local_refund_${row.id}`,
            type: 'charge.refunded',
            paymentIntentId: row.paymentIntentId,
            amountMinor: row.amountMinor,
            amountRefundedMinor: row.amountMinor,
            card: null,
          },
          { log, requestId },
        );
      });
    },

    /** Cancel on a provider's own checkout page: the session can no longer be paid (a paid one stays paid). */
    async cancelOwnCheckout(id: string): Promise<'canceled' | 'unknown'> {
      if (!payments.checkoutPages || !ZCheckoutSessionId.safeParse(id).success) return 'unknown';
      const row = await repo.findCheckoutSession(db, id);
      if (row?.provider !== payments.name || row.status === 'paid') return 'unknown';
      if (row.status === 'open' && !(await repo.cancelOpenCheckoutSession(db, id)))
        return 'unknown';
      return 'canceled';
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
