import type { FastifyInstance } from 'fastify';
import type { DbAndClock } from '../../db/client.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import type { MailingDeps } from '../../providers/mail/mailer.ts';
import { patientAccessRoutes } from './patient-access.routes.ts';
import { createPatientAccessService } from './patient-access.service.ts';

/**
 * Invitations to a patient record and the links they make, in their own encapsulated context.
 * E-mail goes out only when there is a mailer. An empty JSON body counts as none (the web's
 * DELETE sends the header).
 */
export async function patientAccessPlugin(
  app: FastifyInstance,
  { db, now, mailer, config }: DbAndClock & MailingDeps,
) {
  allowEmptyJsonBody(app);
  patientAccessRoutes(app, {
    access: createPatientAccessService({ db, now, mailer, publicUrl: config.PUBLIC_URL }),
  });
}
