import type { FastifyInstance } from 'fastify';
import type { DbAndClock } from '../../db/client.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import { createAppointmentService } from '../appointments/appointments.service.ts';
import { visitRoutes } from './visits.routes.ts';
import { createVisitService } from './visits.service.ts';

/**
 * Visits in their own encapsulated context, with an appointments' service of their own (a visit
 * may close an appointment): that service keeps no state beyond the database, so this one and the
 * appointments plugin's act alike. An empty JSON body counts as none (the web's base query sends
 * that header on the sign POST too).
 */
export async function visitsPlugin(app: FastifyInstance, { db, now }: DbAndClock) {
  allowEmptyJsonBody(app);
  const appointments = createAppointmentService({ db, now });
  visitRoutes(app, { visits: createVisitService({ db, appointments }) });
}
