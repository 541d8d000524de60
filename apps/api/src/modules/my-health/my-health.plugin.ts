import type { FastifyInstance } from 'fastify';
import type { DbAndClock } from '../../db/client.ts';
import type { MailingDeps } from '../../providers/mail/mailer.ts';
import { createCorrectionService } from '../corrections/corrections.service.ts';
import { createMyAccessLogService } from './my-health.access-log.ts';
import { createMyCarePlanService } from './my-health.care-plans.ts';
import { createMyCorrectionService } from './my-health.corrections.ts';
import { myCorrectionRoutes } from './my-health.corrections.routes.ts';
import { patientPreviewRoutes } from './my-health.preview.routes.ts';
import { createPatientPreviewService } from './my-health.preview.ts';
import { createMyRecordService } from './my-health.record.ts';
import { myHealthRoutes } from './my-health.routes.ts';
import { createMyHealthService } from './my-health.service.ts';

/**
 * What a linked person sees of a patient record (`/api/me/patients/…`), and the practitioner's
 * preview of it (`/api/records/patients/{id}/patient-view/…`), in its own context.
 */
export async function myHealthPlugin(
  app: FastifyInstance,
  { db, now, mailer, config }: DbAndClock & MailingDeps,
) {
  const corrections = createCorrectionService({ db, now, mailer, publicUrl: config.PUBLIC_URL });
  const links = { publicUrl: config.PUBLIC_URL };
  myHealthRoutes(app, {
    myHealth: createMyHealthService({ db, now, links }),
    carePlans: createMyCarePlanService({ db, now }),
    record: createMyRecordService({ db, now, links, corrections }),
    accessLog: createMyAccessLogService({ db }),
  });
  myCorrectionRoutes(app, {
    corrections: createMyCorrectionService({ db, now, links, corrections }),
  });
  patientPreviewRoutes(app, { preview: createPatientPreviewService({ db, now, links }) });
}
