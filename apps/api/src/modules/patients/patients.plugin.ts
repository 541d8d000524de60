import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import type { Notifications } from '../../db/notifications.ts';
import { schedulePeriodicJob } from '../../jobs/periodic-job.ts';
import { patientRoutes } from './patients.routes.ts';
import { createCountCache } from './patients.count-cache.ts';
import { createPatientService } from './patients.service.ts';

const PURGE_EVERY_MS = 60 * 60 * 1000;
/** Carries the owner ids whose patient counts changed, between API instances. */
const COUNTS_CHANNEL = 'patient_counts';

/**
 * Patients in their own encapsulated context:
 * - an empty body with `Content-Type: application/json` counts as no body (the web app's base
 *   query sends that header on DELETE and restore too);
 * - a change to an owner's patients drops their cached counts in every API instance;
 * - the trash is purged of patients deleted over 30 days ago at start-up and every hour, by one
 *   instance of all those sharing the database.
 */
export async function patientsPlugin(
  app: FastifyInstance,
  { db, notifications }: { db: Db; notifications: Notifications },
): Promise<void> {
  allowEmptyJsonBody(app);

  const counts = createCountCache({
    // Should the message fail, other instances still recount within the cache's few seconds.
    publish: (ownerId) =>
      notifications.publish(COUNTS_CHANNEL, ownerId).catch((error: unknown) => {
        app.log.warn({ err: error }, 'count invalidation not sent to other instances');
      }),
    sync: () => notifications.sync(),
  });
  const unsubscribe = notifications.subscribe(COUNTS_CHANNEL, {
    onMessage: (ownerId) => counts.forget(ownerId),
    onReset: () => counts.clear(),
  });
  // Listening before the first request, so no change made elsewhere is missed.
  app.addHook('onReady', () => notifications.whenListening());
  app.addHook('onClose', async () => unsubscribe());

  const patients = createPatientService({ db, counts });
  patientRoutes(app, { patients, db });

  schedulePeriodicJob(app, {
    db,
    name: 'purge-trash',
    everyMs: PURGE_EVERY_MS,
    async run() {
      const purged = await patients.purgeExpiredTrash();
      app.log.info({ purged }, 'trash purge ran');
    },
  });
}
