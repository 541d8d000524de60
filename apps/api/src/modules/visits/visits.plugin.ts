import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import type { AppointmentService } from '../appointments/appointments.service.ts';
import { visitRoutes } from './visits.routes.ts';
import { createVisitService } from './visits.service.ts';

/**
 * Visits in their own encapsulated context; the service is created once per app, with the
 * appointments' service (a visit may close an appointment). An empty JSON body counts as none
 * (the web's base query sends that header on the sign POST too).
 */
export async function visitsPlugin(
  app: FastifyInstance,
  { db, appointments }: { db: Db; appointments: AppointmentService },
) {
  allowEmptyJsonBody(app);
  visitRoutes(app, { visits: createVisitService({ db, appointments }) });
}
