import type { FastifyInstance } from 'fastify';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import { appointmentRoutes } from './appointments.routes.ts';
import type { AppointmentService } from './appointments.service.ts';

/**
 * Appointments in their own encapsulated context, given the service app.ts created once (the
 * visits share it). An empty body with `Content-Type: application/json` counts as no body (the
 * web's base query sends that header on the cancel POST too).
 */
export async function appointmentsPlugin(
  app: FastifyInstance,
  { appointments }: { appointments: AppointmentService },
) {
  allowEmptyJsonBody(app);
  appointmentRoutes(app, { appointments });
}
