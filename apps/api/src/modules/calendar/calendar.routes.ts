import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCalendarFeed } from '@portal/shared/appointment';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import { ZDocument } from '../../lib/response-schemas.ts';
import type { DbAndClock } from '../../db/client.ts';
import { createCalendarService } from './calendar.service.ts';

/** A calendar app polls every few minutes at most; more is a script guessing secrets. */
const FEED_READS_PER_MINUTE = 30;
const FEED_CHANGES_PER_MINUTE = 10;

/**
 * The private iCalendar feed (issue 16): turning it on and off needs sign-in; reading it needs
 * only the long secret in its address, since calendar apps cannot send a token.
 */
export async function calendarRoutes(
  app: FastifyInstance,
  { db, publicUrl, now }: DbAndClock & { publicUrl: string },
) {
  allowEmptyJsonBody(app);
  const calendar = createCalendarService({ db, publicUrl, now });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointments'];
  const perUser = {
    max: FEED_CHANGES_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: { identity?: { uid: string }; ip: string }) =>
      `calendar-feed:${request.identity?.uid ?? request.ip}`,
  };

  typed.post(
    '/api/calendar-feed',
    {
      schema: {
        tags,
        summary:
          'Turn on my private calendar feed: answers `{ url }`, an iCalendar address for Google Calendar, Outlook or Apple Calendar (shown once; a new one replaces the old)',
        response: { 200: ZCalendarFeed, 401: ZApiError },
      },
      config: { rateLimit: perUser },
    },
    async (request) => calendar.createFeed({ userId: await request.currentUserId() }),
  );

  typed.delete(
    '/api/calendar-feed',
    {
      schema: {
        tags,
        summary: 'Turn my calendar feed off: its address answers 404 from now on',
        response: { 204: z.null().describe('Revoked'), 401: ZApiError },
      },
      config: { rateLimit: perUser },
    },
    async (request, reply) => {
      await calendar.revokeFeed({ userId: await request.currentUserId() });
      return reply.code(204).send(null);
    },
  );

  typed.get(
    '/api/calendar/:file',
    {
      schema: {
        tags,
        summary:
          'The iCalendar (RFC 5545) feed of a secret address: one VEVENT per appointment from 90 days ago on, initials and kind only; an unknown or revoked secret is 404',
        params: z.object({
          file: z.string().max(200).describe('`<secret>.ics`, from `POST /api/calendar-feed`'),
        }),
        // Calendar apps cannot send a token: the secret in the address is the credential.
        security: [],
        produces: ['text/calendar'],
        response: { 200: ZDocument('The calendar'), 404: ZApiError },
      },
      config: {
        isPublic: true,
        // The address is the credential.
        secretParams: { file: '[secret].ics' },
        rateLimit: { max: FEED_READS_PER_MINUTE, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      // A feed is one person's agenda: no browser or proxy may keep it.
      void reply.header('cache-control', 'no-store');
      const secret = request.params.file.replace(/\.ics$/, '');
      const body = await calendar.readFeed({ secret, requestId: request.id });
      return reply.type('text/calendar; charset=utf-8').send(body);
    },
  );
}
