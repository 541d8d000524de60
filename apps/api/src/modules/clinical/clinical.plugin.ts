import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PrescriptionKeys } from '../../lib/prescription-keys.ts';
import { allergyRoutes } from './allergies.routes.ts';
import { createAllergyService } from './allergies.service.ts';
import { createClinicalRefusals } from '../../patient-owned/refusals.ts';
import { prescriptionRoutes } from './prescriptions.routes.ts';
import { createPrescriptionService } from './prescriptions.service.ts';
import { issueMissingVerifications } from './prescriptions.verification.ts';

/**
 * A patient's allergies and prescriptions in their own encapsulated context; the
 * services are created once per app and share one audit trail and its refusals. Once the app
 * is ready, prescriptions without a verification token that verifies are given one.
 */
export async function clinicalPlugin(
  app: FastifyInstance,
  {
    db,
    prescriptionKeys,
    config,
  }: { db: Db; prescriptionKeys: PrescriptionKeys; config: Pick<Config, 'PUBLIC_URL'> },
) {
  const refusals = createClinicalRefusals(db);
  allergyRoutes(app, { allergies: createAllergyService({ db, refusals }) });
  prescriptionRoutes(app, {
    prescriptions: createPrescriptionService({
      db,
      refusals,
      keys: prescriptionKeys,
      links: { publicUrl: config.PUBLIC_URL },
    }),
  });
  app.addHook('onReady', async () => {
    const signed = await issueMissingVerifications(db, prescriptionKeys);
    if (signed > 0) app.log.info({ signed }, 'prescription verification tokens issued');
  });
}
