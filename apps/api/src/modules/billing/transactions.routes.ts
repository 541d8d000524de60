import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTransaction, ZTransactionListQuery, ZTransactionParams } from '@portal/shared/billing';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { sendPage } from '../../lib/paging.ts';
import type { BillingService } from './billing.service.ts';
import type { TransactionsService } from './transactions.service.ts';

const tags = ['premier'];
const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };

/**
 * The Transaction History and, for a provider that serves its own checkout (the local
 * one), its refund. With Stripe the refund route does not exist (404): refunds happen in
 * Stripe's dashboard and arrive as `charge.refunded`.
 */
export function transactionsRoutes(
  app: FastifyInstance,
  {
    transactions,
    billing,
    canRefundLocally,
  }: {
    transactions: TransactionsService;
    billing: BillingService;
    canRefundLocally: boolean;
  },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/premier/transactions',
    {
      schema: {
        tags,
        summary:
          'My checkouts (paid, canceled, refunded, disputed; not the open ones), newest first; paged by `Link: <…>; rel="next"`, with `X-Total-Count`',
        querystring: ZTransactionListQuery,
        response: { 200: z.array(ZTransaction), ...errors },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      const page = await transactions.listTransactions({ userId: user.id, ...request.query });
      return sendPage(request, reply, page);
    },
  );

  typed.get(
    '/api/premier/transactions/:id',
    {
      schema: {
        tags,
        summary:
          'One of my transactions, with what its receipt shows (invoice number, card brand and last four); someone else’s is a 404',
        params: ZTransactionParams,
        response: { 200: ZTransaction, ...errors },
      },
    },
    async (request) =>
      transactions.getTransaction({
        userId: (await request.currentUser()).id,
        id: request.params.id,
      }),
  );

  if (!canRefundLocally) return;
  typed.post(
    '/api/premier/local-checkout/:id/refund',
    {
      schema: {
        tags,
        summary:
          'Local provider only: a full refund of my paid checkout, recorded as Stripe’s `charge.refunded` would be (premium ends in the same transaction); repeating it changes nothing',
        params: ZTransactionParams,
        response: { 200: ZTransaction, ...errors, 409: ZApiError },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = await request.currentUser();
      await billing.refundOwnCheckout({
        user,
        id: request.params.id,
        requestId: request.id,
        log: request.log,
      });
      return transactions.getTransaction({ userId: user.id, id: request.params.id });
    },
  );
}
