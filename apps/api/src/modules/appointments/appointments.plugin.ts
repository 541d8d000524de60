import type { FastifyInstance } from 'fastify';
import type { DbAndClock } from '../../db/client.ts';
import { schedulePeriodicJob } from '../../jobs/periodic-job.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import { appointmentRoutes } from './appointments.routes.ts';
import { createAppointmentService } from './appointments.service.ts';

/** How often requests past their deadline are looked for (a deadline is kept to this much). */
const REQUEST_EXPIRY_EVERY_MS = 5 * 60 * 1000;

/**
 * Appointments in their own encapsulated context. An empty body with `Content-Type:
 * application/json` counts as no body (the web's base query sends that header on the cancel POST
 * too). Requests from online booking past their deadline are cancelled at start-up and every
 * five minutes, by one instance of all those sharing the database.
 */
export async function appointmentsPlugin(app: FastifyInstance, { db, now }: DbAndClock) {
  allowEmptyJsonBody(app);
  const appointments = createAppointmentService({ db, now });
  appointmentRoutes(app, { appointments });
  schedulePeriodicJob(app, {
    db,
    name: 'expire-requests',
    everyMs: REQUEST_EXPIRY_EVERY_MS,
    async run() {
      const expired = await appointments.expireRequests();
      if (expired > 0) app.log.info({ expired }, 'booking requests expired');
    },
  });
}
