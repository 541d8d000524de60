import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { registerJobQueue } from '../../jobs/job-queue.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { reminderJob } from './reminders.jobs.ts';
import { reminderRoutes } from './reminders.routes.ts';
import { createReminderService } from './reminders.service.ts';

/**
 * Reminders in their own encapsulated context, and their sweep on the job queue (pg-boss) unless
 * `isRunningJobs` is false. The sweep is the app's only recurring job, so the queue is the
 * reminders' own. A reminder is e-mailed only when there is a mailer. An empty JSON body counts
 * as none.
 */
export async function remindersPlugin(
  app: FastifyInstance,
  {
    db,
    pool,
    mailer,
    config,
    isRunningJobs,
  }: {
    db: Db;
    pool: pg.Pool;
    mailer: Mailer | null;
    config: Pick<Config, 'PUBLIC_URL' | 'REMINDERS_SWEEP_SECONDS'>;
    isRunningJobs: boolean;
  },
) {
  allowEmptyJsonBody(app);
  reminderRoutes(app, { reminders: createReminderService({ db, isEmailing: mailer !== null }) });
  if (isRunningJobs) {
    const sweep = reminderJob({
      db,
      mailer,
      publicUrl: config.PUBLIC_URL,
      everySeconds: config.REMINDERS_SWEEP_SECONDS,
    });
    registerJobQueue(app, { pool, jobs: [sweep] });
  }
}
