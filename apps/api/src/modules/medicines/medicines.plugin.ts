import type { FastifyInstance } from 'fastify';
import type { DbAndClock } from '../../db/client.ts';
import type { PrescriptionKeys } from '../../lib/prescription-keys.ts';
import type { MailingDeps } from '../../providers/mail/mailer.ts';
import { verificationRoutes } from './medicines.routes.ts';
import { createVerificationService } from './medicines.verification.ts';

/**
 * Medicines, in their own context: verifying a prescription by its token and dispensing it,
 * sending one to a pharmacy and the pharmacy's list, refill requests.
 */
export async function medicinesPlugin(
  app: FastifyInstance,
  { db, now, prescriptionKeys }: DbAndClock & MailingDeps & { prescriptionKeys: PrescriptionKeys },
) {
  verificationRoutes(app, {
    verification: createVerificationService({ db, now, keys: prescriptionKeys }),
  });
}
