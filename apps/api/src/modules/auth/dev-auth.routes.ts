import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LocalIdentityProvider } from '../../providers/identity/local.ts';

const ZDevTokenInput = z.strictObject({
  email: z.email({ error: 'Please enter a valid email address.' }).max(254),
  name: z.string().trim().min(1, { error: 'Name is required.' }).max(100),
});

/** Local development sign-in (AUTH_PROVIDER=local only): issues RS256 ID tokens. */
export function devAuthRoutes(app: FastifyInstance, { local }: { local: LocalIdentityProvider }) {
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
      config: { isPublic: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => local.issueIdToken(request.body),
  );
  typed.get(
    '/api/dev-auth/jwks.json',
    { schema: { hide: true }, config: { isPublic: true } },
    async () => local.jwks(),
  );
}
