import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import type { PaymentsProvider } from '../../providers/payments/payments.ts';
import { billingRoutes } from './billing.routes.ts';
import { createBillingService } from './billing.service.ts';
import { transactionsRoutes } from './transactions.routes.ts';
import { createTransactionsService } from './transactions.service.ts';

/**
 * Billing (checkout, webhooks, refunds) and the user's transactions in their own encapsulated
 * context, on the configured payments provider. An empty JSON body counts as none.
 */
export async function billingPlugin(
  app: FastifyInstance,
  { db, payments, config }: { db: Db; payments: PaymentsProvider; config: Config },
) {
  allowEmptyJsonBody(app);
  const billing = createBillingService({ db, payments, config });
  // The local provider serves its own checkout, so it refunds its own payments too.
  const canRefundLocally = payments.checkoutPages !== null;
  transactionsRoutes(app, {
    transactions: createTransactionsService({ db, canRefundLocally }),
    billing,
    canRefundLocally,
  });
  await billingRoutes(app, { billing, payments, config });
}
