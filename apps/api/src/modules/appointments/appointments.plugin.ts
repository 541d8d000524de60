import type { FastifyInstance } from 'fastify';
import type { DbAndClock } from '../../db/client.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import { appointmentRoutes } from './appointments.routes.ts';
import { createAppointmentService } from './appointments.service.ts';

/**
 * Appointments in their own encapsulated context. An empty body with `Content-Type:
 * application/json` counts as no body (the web's base query sends that header on the cancel POST
 * too).
 */
export async function appointmentsPlugin(app: FastifyInstance, { db, now }: DbAndClock) {
  allowEmptyJsonBody(app);
  appointmentRoutes(app, { appointments: createAppointmentService({ db, now }) });
}
