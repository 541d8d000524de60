import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import { auditRoutes } from '../audit/audit.routes.ts';
import { patientRoutes } from './patients.routes.ts';
import { createPatientService } from './patients.service.ts';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Patient records and their audit trail, in their own encapsulated context:
 * - an empty body with `Content-Type: application/json` counts as no body (the web app's base
 *   query sends that header on DELETE and restore too);
 * - the trash is purged of patients deleted over 30 days ago at start-up and every hour.
 */
export async function recordsPlugin(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  allowEmptyJsonBody(app);

  const patients = createPatientService({ db });
  patientRoutes(app, { patients });
  auditRoutes(app, { db });

  const purge = () =>
    patients.purgeExpiredTrash().then(
      (purged) => {
        if (purged > 0) app.log.info({ purged }, 'trash purged');
      },
      (error: unknown) => app.log.error({ err: error }, 'trash purge failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await purge();
    timer = setInterval(() => void purge(), PURGE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
