import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL, EMAIL_MAX } from '@portal/shared/email';
import { ZDocument } from '../../lib/response-schemas.ts';
import type { LocalIdentityProvider } from '../../providers/identity/local.ts';
import { PAGE_LANGUAGES, pageLanguage } from '../../lib/html-page.ts';
import { POPUP_SCRIPT, POPUP_STYLES, renderPopupPage } from './dev-auth-popup.ts';

const ZDevTokenInput = z.strictObject({
  // The limit first (and aborting), so the pattern never reads an over-long value.
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .max(EMAIL_MAX, { error: 'Please enter a valid email address.', abort: true })
    .regex(EMAIL, { error: 'Please enter a valid email address.' }),
  name: z.string().trim().min(1, { error: 'Name is required.' }).max(100),
});

const ZPopupQuery = z.object({
  state: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'a random value of 16 to 128 URL-safe characters')
    .optional()
    .describe('Echoed back to the opener with the token, so it can match the answer'),
  lang: z
    .string()
    .max(16)
    .optional()
    .describe(`Language of the page: ${PAGE_LANGUAGES.join(', ')}; anything else gives en`),
});

/** Dev-only and sensitive (it mints tokens): generous for e2e suites, still bounded. */
const DEV_RATE_LIMIT = { max: 300, timeWindow: '1 minute' };

/**
 * Local development sign-in (AUTH_PROVIDER=local only; never registered with firebase):
 * the popup account chooser, its script and styles, the token endpoint and the key set.
 */
export async function devAuthRoutes(
  app: FastifyInstance,
  { local }: { local: LocalIdentityProvider },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/dev-auth/token',
    {
      schema: {
        tags: ['dev-auth'],
        summary: 'Local development sign-in: an ID token for this name and e-mail, valid 1 hour',
        security: [],
        body: ZDevTokenInput,
        response: { 200: z.object({ idToken: z.string(), expiresIn: z.number() }) },
      },
      config: { isPublic: true, rateLimit: DEV_RATE_LIMIT },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return local.issueIdToken(request.body);
    },
  );

  typed.get(
    '/api/dev-auth/popup',
    {
      schema: {
        tags: ['dev-auth'],
        summary: 'Local development sign-in: the popup account chooser page (HTML)',
        description:
          'Opened by the web app in a 500x600 popup. Picking a recent local account or entering a name and e-mail posts `{ type: "portal-dev-auth", state, idToken, expiresIn }` to `window.opener`, for the page\'s own origin only.',
        security: [],
        querystring: ZPopupQuery,
        produces: ['text/html'],
        response: { 200: ZDocument('The account chooser') },
      },
      config: { isPublic: true, rateLimit: DEV_RATE_LIMIT },
    },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(renderPopupPage(pageLanguage(request.query.lang))),
  );

  typed.get(
    '/api/dev-auth/popup.js',
    {
      schema: { tags: ['dev-auth'], summary: 'Script of the popup account chooser', security: [] },
      config: { isPublic: true },
    },
    async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(POPUP_SCRIPT),
  );

  typed.get(
    '/api/dev-auth/popup.css',
    {
      schema: { tags: ['dev-auth'], summary: 'Styles of the popup account chooser', security: [] },
      config: { isPublic: true },
    },
    async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(POPUP_STYLES),
  );

  typed.get(
    '/api/dev-auth/jwks.json',
    {
      schema: {
        tags: ['dev-auth'],
        summary: 'Public key set of the local identity provider',
        security: [],
        response: {
          200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
        },
      },
      config: { isPublic: true },
    },
    async () => local.jwks(),
  );
}
