import type { FastifyInstance } from 'fastify';
import type { DbAndClock } from '../../db/client.ts';
import type { PrescriptionKeys } from '../../lib/prescription-keys.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import type { MailingDeps } from '../../providers/mail/mailer.ts';
import { createClinicalRefusals } from '../../patient-owned/refusals.ts';
import { createPrescriptionService } from '../clinical/prescriptions.service.ts';
import { medicinesRoutes } from './medicines.pharmacy.routes.ts';
import { verificationRoutes } from './medicines.routes.ts';
import { createMedicinesService } from './medicines.service.ts';
import { createVerificationService } from './medicines.verification.ts';

/**
 * Medicines, in their own context: verifying a prescription by its token and dispensing it,
 * sending one to a pharmacy and the pharmacy's list, refill requests.
 */
export async function medicinesPlugin(
  app: FastifyInstance,
  {
    db,
    now,
    mailer,
    config,
    prescriptionKeys,
  }: DbAndClock & MailingDeps & { prescriptionKeys: PrescriptionKeys },
) {
  const links = { publicUrl: config.PUBLIC_URL };
  const verification = createVerificationService({ db, now, keys: prescriptionKeys });
  verificationRoutes(app, { verification });
  medicinesRoutes(app, {
    medicines: createMedicinesService({
      db,
      now,
      mailer,
      links,
      prescriptions: createPrescriptionService({
        db,
        refusals: createClinicalRefusals(db),
        keys: prescriptionKeys,
        links,
      }),
      dispenseSent: verification.dispenseSent,
      logMailError: (error) =>
        app.log.error({ err: loggableError(error) }, 'medicine notice not sent'),
    }),
  });
}
