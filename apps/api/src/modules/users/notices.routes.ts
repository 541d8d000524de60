import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZNoticePreferences } from '@portal/shared/notice-preferences';
import { ZApiError } from '../../lib/api-error-schema.ts';
import type { NoticeService } from './notices.service.ts';
import { SAVES_PER_MINUTE } from './users.routes.ts';

/** `GET` and `PUT /api/user/notice-preferences`: which notices the signed-in user gets by e-mail. */
export function noticesRoutes(app: FastifyInstance, { notices }: { notices: NoticeService }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/user/notice-preferences',
    {
      schema: {
        tags: ['user'],
        summary:
          'Which kinds of notice the signed-in user gets by e-mail: true for each kind e-mailed (every kind until turned off)',
        response: { 200: ZNoticePreferences },
      },
    },
    async (request) => notices.getPreferences({ user: await request.currentUser() }),
  );

  typed.put(
    '/api/user/notice-preferences',
    {
      schema: {
        tags: ['user'],
        summary:
          "Replaces the signed-in user's e-mail notice choices: every kind, true to e-mail it, false to turn it off; an unknown or missing kind is refused. Turned-off notices still reach the portal (the reminders' bell)",
        body: ZNoticePreferences,
        response: { 200: ZNoticePreferences, 400: ZApiError },
      },
      config: {
        rateLimit: {
          max: SAVES_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `notice-preferences:${request.identity.uid}`,
        },
      },
    },
    async (request) =>
      notices.replacePreferences({ user: await request.currentUser(), input: request.body }),
  );
}
