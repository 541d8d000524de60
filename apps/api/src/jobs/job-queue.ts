import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { withAdvisoryLock } from '../db/advisory-lock.ts';

/** A job run every `everySeconds` by one of the instances on the database. */
export interface RecurringJob {
  name: string;
  everySeconds: number;
  run: () => Promise<void>;
}

/** Any fixed 64-bit number, the same in every instance: the key of the queue set-up's lock. */
const JOB_QUEUE_LOCK_KEY = 5_817_301_119_205;

/** How long a stopping instance lets a running job finish before pg-boss marks it failed. */
const STOP_TIMEOUT_MS = 5_000;

/**
 * pg-boss in the app's own PostgreSQL (schema `pgboss`, created by pg-boss itself under its own
 * advisory lock) over the app's pool: no new server, no extra connections. It starts on the
 * app's ready (readiness stays 503 until it has) and stops on close, before server.ts closes the
 * pool.
 *
 * A recurring job is queued by every instance every `everySeconds`, as a pg-boss singleton of
 * that time slot (`singletonSeconds`: pg-boss's unique index lets one job per slot in, whoever
 * sends it), and worked by whichever instance fetches it first. Jobs are rows, so a job queued
 * before a crash is still there after it; a job that was running when its instance died is
 * left to pg-boss's expiry, and the next slot's job runs meanwhile, so the work itself must be
 * idempotent (the reminders' is: see reminders.jobs.ts).
 */
export function registerJobQueue(
  app: FastifyInstance,
  { pool, jobs }: { pool: pg.Pool; jobs: RecurringJob[] },
): void {
  let boss: PgBoss | undefined;
  const timers: NodeJS.Timeout[] = [];
  // pg-boss's stop() can resolve before it has recorded the end of a job that was running (its
  // `complete` comes after), and before a fetch already sent has come back (its worker then hands
  // the job over all the same); server.ts ends the pool right after close. So a job handed over
  // once the close has begun is refused unrun (the next slot's job does the work), and the close
  // waits until no job runs and no statement pg-boss sent is pending, so none meets an ended pool.
  let isClosing = false;
  const running = new Set<Promise<void>>();
  const statements = new Set<Promise<pg.QueryResult>>();
  const track = <T>(set: Set<Promise<T>>, promise: Promise<T>) => {
    set.add(promise);
    void promise.then(
      () => set.delete(promise),
      () => set.delete(promise),
    );
    return promise;
  };
  app.addHook('onReady', async () => {
    const created = new PgBoss({
      db: { executeSql: (text, values) => track(statements, pool.query(text, values)) },
      // No cron: recurring jobs are throttled sends (below), at any interval, not per minute.
      schedule: false,
    });
    created.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    boss = created;
    // One instance at a time: pg-boss's create_queue attaches a partition to its job table, and
    // instances creating the same queues at once deadlock (a test started four: 5 runs of 5
    // failed with "deadlock detected" before this lock).
    await withAdvisoryLock(pool, JOB_QUEUE_LOCK_KEY, async () => {
      await created.start();
      for (const job of jobs) {
        await created.createQueue(job.name, {
          name: job.name,
          // The next slot's job does the work again: no retries piling up behind it.
          retryLimit: 0,
          expireInSeconds: Math.max(60, job.everySeconds * 5),
        });
      }
    });
    for (const job of jobs) {
      await boss.work(
        job.name,
        { pollingIntervalSeconds: Math.min(2, Math.max(0.5, job.everySeconds / 2)) },
        () => {
          if (isClosing) throw new Error('the instance is stopping: left to the next slot');
          return track(
            running,
            job.run().catch((error: unknown) => {
              app.log.error({ err: error, job: job.name }, 'job failed');
              throw error;
            }),
          );
        },
      );
      const queue = async () => {
        try {
          await boss?.send(
            job.name,
            {},
            { singletonKey: job.name, singletonSeconds: job.everySeconds },
          );
        } catch (error) {
          app.log.error({ err: error, job: job.name }, 'job not queued');
        }
      };
      await queue();
      const timer = setInterval(() => void queue(), job.everySeconds * 1000);
      timer.unref();
      timers.push(timer);
    }
  });
  app.addHook('onClose', async () => {
    isClosing = true;
    timers.forEach((timer) => clearInterval(timer));
    await boss?.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, wait: true });
    // A settled statement can lead to another (a fetch to the job's end): settled means a whole
    // turn of the event loop went by with nothing pending.
    do {
      await Promise.allSettled([...running, ...statements]);
      await new Promise((resolve) => setImmediate(resolve));
    } while (running.size > 0 || statements.size > 0);
  });
}
