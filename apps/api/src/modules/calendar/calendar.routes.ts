import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCalendarFeed } from '@portal/shared/appointment';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { ZDocument } from '../../lib/response-schemas.ts';
import { createLimitHook } from '../../plugins/rate-limits.ts';
import { hashOf, secretOf, type CalendarService } from './calendar.service.ts';

/** A calendar app polls one feed every few minutes at most; more is a script or a broken client. */
const FEED_READS_PER_MINUTE = 30;
/**
 * Reads of any feed from one client address. A calendar service (Google, Apple, Outlook) fetches
 * every practitioner's feed that its users subscribed to from a few addresses of its own, so one
 * address stands for many feeds: 600 a minute serves 3,000 feeds polled every 5 minutes (the
 * shortest refresh such services offer) from a single address. A script guessing secrets gets 600
 * lookups a minute against 2^256 secrets: the limit bounds the database work, not the odds.
 */
const FEED_READS_PER_ADDRESS_PER_MINUTE = 600;
const FEED_CHANGES_PER_MINUTE = 10;

/**
 * The private iCalendar feed: turning it on and off needs sign-in; reading it needs
 * only the long secret in its address, since calendar apps cannot send a token.
 */
export function calendarRoutes(app: FastifyInstance, { calendar }: { calendar: CalendarService }) {
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

  // Counted first, so reads refused for one feed leave the address's allowance to the others.
  const countFeedRead = createLimitHook(app, {
    max: FEED_READS_PER_MINUTE,
    keyOf: (request) =>
      `calendar-feed-read:${hashOf(secretOf((request.params as { file: string }).file))}`,
  });

  typed.get(
    '/api/calendar/:file',
    {
      schema: {
        tags,
        summary:
          'The iCalendar (RFC 5545) feed of a secret address: one VEVENT per appointment from 90 days ago on (not of patients in the trash), with the patient’s initials and the kind, or the full name when the owner turned that on; an unknown or revoked secret is 404; 30 reads a minute per feed and 600 per client address, then 429',
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
        // Runs after `onRequest` below (the plugin appends its hook): per address, by the client
        // address a trusted proxy reports (TRUST_PROXY).
        rateLimit: { max: FEED_READS_PER_ADDRESS_PER_MINUTE, timeWindow: '1 minute' },
      },
      onRequest: countFeedRead,
    },
    async (request, reply) => {
      // A feed is one person's agenda: no browser or proxy may keep it.
      void reply.header('cache-control', 'no-store');
      const secret = secretOf(request.params.file);
      const body = await calendar.readFeed({ secret, requestId: request.id });
      return reply.type('text/calendar; charset=utf-8').send(body);
    },
  );
}
