import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/database.ts';
import { connectDatabase, type Database } from '../db/client.ts';
import { registerJobQueue } from './job-queue.ts';

const database = useTestDatabase();

const JOBS = ['reminders', 'digest', 'cleanup'].map((name) => ({
  name,
  everySeconds: 3600,
  run: async () => {},
}));

describe('registerJobQueue', () => {
  it('starts on instances started together on a database without the queue schema', async () => {
    // Each instance creates pg-boss's schema and the same queues; pg-boss's create_queue
    // attaches a partition to its job table, and two instances doing that at once deadlocked
    // (CI's cluster run: "start-up failed: deadlock detected").
    const pools: Database[] = [];
    const apps = Array.from({ length: 4 }, () => {
      const instance = connectDatabase(database.url, { max: 5 });
      pools.push(instance);
      const app = Fastify();
      registerJobQueue(app, { pool: instance.pool, jobs: JOBS });
      return app;
    });
    try {
      const started = await Promise.allSettled(apps.map((app) => app.ready()));
      expect(started.filter((result) => result.status === 'rejected')).toEqual([]);
      const { rows } = await database.pool.query<{ name: string }>(
        `select name from pgboss.queue where name = any($1) order by name`,
        [JOBS.map((job) => job.name)],
      );
      expect(rows.map((row) => row.name)).toEqual(['cleanup', 'digest', 'reminders']);
    } finally {
      await Promise.allSettled(apps.map((app) => app.close()));
      await Promise.allSettled(pools.map((instance) => instance.close()));
    }
  });
});
