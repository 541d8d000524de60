import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { allergyRoutes } from './allergies.routes.ts';
import { createAllergyService } from './allergies.service.ts';
import { createClinicalRefusals } from '../../patient-owned/refusals.ts';
import { prescriptionRoutes } from './prescriptions.routes.ts';
import { createPrescriptionService } from './prescriptions.service.ts';

/**
 * A patient's allergies and prescriptions in their own encapsulated context; the
 * services are created once per app and share one audit trail and its refusals.
 */
export async function clinicalPlugin(app: FastifyInstance, { db }: { db: Db }) {
  const refusals = createClinicalRefusals(db);
  allergyRoutes(app, { allergies: createAllergyService({ db, refusals }) });
  prescriptionRoutes(app, { prescriptions: createPrescriptionService({ db, refusals }) });
}
