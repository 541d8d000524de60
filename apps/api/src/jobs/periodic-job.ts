import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { INSTANCE_ID } from '../lib/instance-id.ts';

/**
 * Claims this period's run of a job for this instance: true for exactly one of the instances
 * that ask within a period. One conditional upsert, so two instances asking at once cannot
 * both win, and an instance started within the period does not run the job again.
 */
export async function claimPeriodicRun(
  db: Db,
  {
    name,
    everyMs,
    instanceId = INSTANCE_ID,
  }: { name: string; everyMs: number; instanceId?: string },
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into periodic_jobs (name, last_started_at, last_started_by)
    values (${name}, now(), ${instanceId})
    on conflict (name) do update
      set last_started_at = now(), last_started_by = excluded.last_started_by,
          run_count = periodic_jobs.run_count + 1
      where periodic_jobs.last_started_at <= now() - make_interval(secs => ${everyMs / 1000})
    returning name`);
  return result.rows.length > 0;
}

/**
 * Runs `run` once every `everyMs` across all instances on the database: at start-up (the app's
 * ready) and whenever a check finds the period over. Each instance checks 12 times a period,
 * so the job starts at most a twelfth of a period late when the instance that ran it stopped.
 */
export function schedulePeriodicJob(
  app: FastifyInstance,
  { db, name, everyMs, run }: { db: Db; name: string; everyMs: number; run: () => Promise<void> },
): void {
  const attempt = async () => {
    try {
      if (await claimPeriodicRun(db, { name, everyMs })) await run();
    } catch (error) {
      app.log.error({ err: error, job: name }, 'periodic job failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await attempt();
    timer = setInterval(() => void attempt(), everyMs / 12);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
