import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOOKING_LIMITS, ZDirectoryBooking, ZDirectoryBookingInput } from '@portal/shared/booking';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { actorOf } from '../audit/owned-records.http.ts';
import type { BookingService } from './booking.service.ts';

/** Bookings a minute per signed-in user. */
export const BOOKINGS_PER_MINUTE = 10;

/** Online booking from the public directory: signed in, for oneself or a dependant. */
export function bookingRoutes(app: FastifyInstance, { booking }: { booking: BookingService }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/directory/doctors/:id/bookings',
    {
      schema: {
        tags: ['directory'],
        summary:
          'Book one of a listed practitioner’s free slots online: booked at once, or a request the practitioner confirms',
        description: `Signed in. \`{id}\` is the listing’s \`publicId\`: a practitioner who is not listed and approved is 404 \`DOCTOR_NOT_FOUND\`; one whose online booking is off, 404 \`BOOKING_CLOSED\`. \`start\` must be one of the free slots \`GET /api/directory/doctors/{id}/slots\` offers (their working hours, on their slot grid, not begun; \`duration\` defaults to the slots’ length), else 400 (a request also needs its start at least 2 hours ahead, for the practitioner to answer); \`kind\` one the listing offers. Instant booking answers \`status: booked\`; request booking \`status: requested\` with \`requestExpiresAt\` (48 hours, or 2 hours before the start if sooner). A time taken meanwhile is 409 \`SLOT_TAKEN\` with only \`{ message, code }\`; a ${BOOKING_LIMITS.openRequestsMax + 1}th open request is 409 \`BOOKING_REQUESTS_LIMIT\`. The booker’s record at that practice is the one they are linked to as \`self\` (or, for a dependant, linked to as parent or guardian with the same names and date of birth), else a new self-registered record linked to them; never another chart. One transaction: a refused booking leaves nothing behind. The booker is e-mailed a confirmation with an \`.ics\` when the portal sends e-mail; the practitioner is not (requests are in \`GET /api/appointments/requests\`). ${BOOKINGS_PER_MINUTE} a minute. Audited.`,
        params: z.object({
          id: z.string().max(200).describe('The listing’s `publicId`'),
        }),
        body: ZDirectoryBookingInput,
        response: {
          201: ZDirectoryBooking,
          400: ZApiError,
          401: ZApiError,
          404: ZApiError.describe('`DOCTOR_NOT_FOUND` or `BOOKING_CLOSED`'),
          409: ZApiError.describe('`SLOT_TAKEN` or `BOOKING_REQUESTS_LIMIT`'),
          429: ZApiError,
        },
      },
      config: {
        rateLimit: {
          max: BOOKINGS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `booking:${request.identity.uid}`,
        },
      },
    },
    async (request, reply) => {
      const answer = await booking.book({
        actor: await actorOf(request),
        user: await request.currentUser(),
        id: request.params.id,
        input: request.body,
        log: (error) => request.log.warn({ err: error }, 'booking confirmation not sent'),
      });
      return reply.code(201).send(answer);
    },
  );
}
