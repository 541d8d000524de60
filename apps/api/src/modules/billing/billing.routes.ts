import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCheckoutInput,
  ZCheckoutSession,
  ZPaymentIntent,
  ZSubscriptionInput,
  ZSubscriptionQuery,
  type TCheckoutInput,
} from '@portal/shared/billing';
import { ZUserResponse } from '@portal/shared/user';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { isDirectoryReviewer } from '../../lib/directory-reviewers.ts';
import { clientRequestIdOf } from '../../lib/request-id.ts';
import { InvalidWebhookError, type PaymentsProvider } from '../../providers/payments/payments.ts';
import { toApiUser } from '../users/users.service.ts';
import type { BillingService, PurchaseInput } from './billing.service.ts';

/** Checkout creation is limited per signed-in user (per address when that is unknown). */
const perUser = (request: FastifyRequest) => request.identity?.uid ?? request.ip;

/**
 * Buying the premium membership: checkout, payment intent, subscription confirmation, the
 * provider's webhook and the pages of a provider that serves its own checkout (the local one's
 * test page). The webhook and those pages each get a context of their own, so their body parsers
 * apply to them only.
 */
export async function billingRoutes(
  app: FastifyInstance,
  {
    billing,
    payments,
    config,
  }: { billing: BillingService; payments: PaymentsProvider; config: Config },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Starting a payment, by hosted checkout or by payment intent: one body, limit and input. The
   * zod compilers are the app's; the answer's type is `start`'s.
   */
  const purchaseRoute = (
    path: string,
    summary: string,
    answer: z.ZodType,
    start: (input: PurchaseInput) => Promise<unknown>,
  ) =>
    app.post(
      path,
      {
        schema: { tags: ['premier'], summary, body: ZCheckoutInput, response: { 200: answer } },
        config: { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: perUser } },
      },
      async (request) =>
        start({
          user: await request.currentUser(),
          amount: (request.body as TCheckoutInput).amount,
          // A retry carrying the same x-request-id reuses the provider's idempotency key.
          requestId: clientRequestIdOf(request) ?? request.id,
          log: request.log,
        }),
    );

  purchaseRoute(
    '/api/premier/create-checkout-session',
    'Starts a hosted checkout for the Premier price; answers the session id and the url to send the browser to',
    ZCheckoutSession,
    (input) => billing.createCheckout(input),
  );
  purchaseRoute(
    '/api/premier/create-payment-intent',
    'Creates a payment intent for the Premier price; answers its client secret',
    ZPaymentIntent,
    (input) => billing.createPaymentIntent(input),
  );

  typed.put(
    '/api/user/subscription',
    {
      schema: {
        tags: ['premier'],
        summary:
          'Marks the user premium when the given checkout session is theirs and paid; otherwise 402, nothing changes',
        body: ZSubscriptionInput,
        querystring: ZSubscriptionQuery,
        response: { 200: ZUserResponse },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perUser } },
    },
    async (request) => {
      const fromBody = request.body?.sessionId;
      const fromQuery = request.query.session_id;
      if (fromBody && fromQuery && fromBody !== fromQuery)
        throw new AppError('BAD_REQUEST', {
          message: 'sessionId and session_id name different checkout sessions.',
        });
      const user = await billing.confirmSubscription({
        user: await request.currentUser(),
        sessionId: fromBody ?? fromQuery,
        log: request.log,
      });
      return {
        user: toApiUser(user, {
          isDirectoryReviewer: isDirectoryReviewer(request.identity, config.DIRECTORY_REVIEWERS),
        }),
      };
    },
  );

  await app.register(async (scope) =>
    webhookRoute(scope, { billing, signatureHeader: payments.webhookSignatureHeader }),
  );
  const { checkoutPages } = payments;
  if (checkoutPages)
    await app.register(async (scope) =>
      checkoutPages(scope, {
        checkouts: {
          findOpen: (id) => billing.findOpenOwnCheckout(id),
          pay: (input) => billing.payOwnCheckout(input),
          cancel: (id) => billing.cancelOwnCheckout(id),
        },
        config,
      }),
    );
}

/** The signature covers the exact bytes, so this route alone takes its body raw. */
function webhookRoute(
  scope: FastifyInstance,
  { billing, signatureHeader }: { billing: BillingService; signatureHeader: string | null },
) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  scope.withTypeProvider<ZodTypeProvider>().post(
    '/api/premier/webhook',
    {
      schema: {
        tags: ['premier'],
        summary:
          "The payment provider's signed event delivery (Stripe-Signature over the raw body, at most 300 s old)",
        description:
          'Each event id is applied once. A full refund or a dispute ends premium; one that arrives before its payment is kept and applied when the payment is recorded, so premium never outlives it.',
        security: [],
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
        },
      },
      config: { isPublic: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (request) => {
      const header = signatureHeader === null ? undefined : request.headers[signatureHeader];
      try {
        const { isDuplicate } = await billing.handleWebhook({
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: typeof header === 'string' ? header : undefined,
          log: request.log,
          requestId: request.id,
        });
        return { received: true as const, duplicate: isDuplicate };
      } catch (error) {
        if (!(error instanceof InvalidWebhookError)) throw error;
        request.log.warn({ reason: error.message }, 'webhook rejected');
        throw new AppError('WEBHOOK_INVALID');
      }
    },
  );
}
