import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDocument, ZSeeOther } from '../../lib/response-schemas.ts';
import { chooseLanguage } from '../../plugins/prerendered-pages.ts';
import { PAGE_LANGUAGES, pageLanguage } from '../../lib/html-page.ts';
import {
  LOCAL_CHECKOUT_CSS,
  LOCAL_CHECKOUT_CSS_PATH,
  renderCheckoutNotFound,
  renderLocalCheckout,
} from './local-checkout.html.ts';
import type { CheckoutPagesOptions } from './payments.ts';

/** PAYMENTS_PROVIDER=local: the API-served stand-in for the provider's hosted checkout page. */
export function localCheckoutRoutes(
  scope: FastifyInstance,
  { checkouts, config }: CheckoutPagesOptions,
) {
  // Pay and Cancel are plain HTML forms; their (empty) bodies carry nothing we read.
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  const typed = scope.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.string().max(300) });
  const limit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  // The reader's language as the portal chose it (its `lang` cookie, else Accept-Language).
  const languageOf = (request: FastifyRequest) =>
    pageLanguage(
      chooseLanguage([...PAGE_LANGUAGES], {
        cookie: request.headers.cookie,
        acceptLanguage: request.headers['accept-language'],
      }),
    );
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(404)
      .header('cache-control', 'no-store')
      .header('vary', 'cookie, accept-language')
      .type('text/html; charset=utf-8')
      .send(renderCheckoutNotFound(languageOf(request)));

  typed.get(
    LOCAL_CHECKOUT_CSS_PATH,
    { schema: { hide: true }, config: { isPublic: true } },
    async (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(LOCAL_CHECKOUT_CSS),
  );

  typed.get(
    '/api/premier/local-checkout/:id',
    {
      schema: {
        tags: ['premier'],
        summary: 'Local provider: the test checkout page (HTML) with the price, Pay and Cancel',
        security: [],
        params,
        produces: ['text/html'],
        response: { 200: ZDocument('The checkout page') },
      },
      config: { isPublic: true, ...limit },
    },
    async (request, reply) => {
      const session = await checkouts.findOpen(request.params.id);
      if (!session) return notFound(request, reply);
      return reply
        .header('cache-control', 'no-store')
        .header('vary', 'cookie, accept-language')
        .type('text/html; charset=utf-8')
        .send(
          renderLocalCheckout({
            id: session.id,
            amount: config.PREMIUM_AMOUNT,
            currency: config.PREMIUM_CURRENCY,
            language: languageOf(request),
          }),
        );
    },
  );

  typed.post(
    '/api/premier/local-checkout/:id/pay',
    {
      schema: {
        tags: ['premier'],
        summary:
          'Local provider: Pay. Records the payment as the webhook would, then 303 to /payment-success',
        security: [],
        params,
        response: { 303: ZSeeOther('/payment-success?session_id=…') },
      },
      config: { isPublic: true, ...limit },
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await checkouts.pay({ id, log: request.log });
      if (outcome === 'unknown') return notFound(request, reply);
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${config.PUBLIC_URL}/payment-success?session_id=${encodeURIComponent(id)}`, 303);
    },
  );

  typed.post(
    '/api/premier/local-checkout/:id/cancel',
    {
      schema: {
        tags: ['premier'],
        summary: 'Local provider: Cancel. Marks the session canceled, then 303 to /payment-cancel',
        security: [],
        params,
        response: { 303: ZSeeOther('/payment-cancel') },
      },
      config: { isPublic: true, ...limit },
    },
    async (request, reply) => {
      if ((await checkouts.cancel(request.params.id)) === 'unknown')
        return notFound(request, reply);
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${config.PUBLIC_URL}/payment-cancel`, 303);
    },
  );
}
