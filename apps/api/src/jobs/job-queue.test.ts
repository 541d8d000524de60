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

  it('runs no job handed over once the close has begun, and closes with nothing left on the pool', async () => {
    // pg-boss's stop() resolves while a worker's fetch is still on its way; the worker then hands
    // the fetched job over all the same, and the job met the pool the server had ended just after
    // the close ("Cannot use a pool after calling end on the pool").
    const instance = connectDatabase(database.url, { max: 5 });
    const query = instance.pool.query.bind(instance.pool) as (
      text: string,
      values?: unknown[],
    ) => Promise<unknown>;
    let releaseFetch = () => {};
    const fetchReleased = new Promise<void>((resolve) => (releaseFetch = resolve));
    let isFetchHeld = false;
    let fetchHeld = () => {};
    const heldFetch = new Promise<void>((resolve) => (fetchHeld = resolve));
    Object.assign(instance.pool, {
      query: async (text: string, values?: unknown[]) => {
        if (typeof text === 'string' && text.includes('SKIP LOCKED') && !isFetchHeld) {
          isFetchHeld = true;
          fetchHeld();
          await fetchReleased;
        }
        return query(text, values);
      },
    });
    const events: string[] = [];
    const app = Fastify();
    registerJobQueue(app, {
      pool: instance.pool,
      jobs: [
        {
          name: 'held-fetch',
          everySeconds: 3600,
          run: async () => {
            events.push('run started');
            await new Promise((resolve) => setTimeout(resolve, 50));
            await instance.pool.query('select 1');
            events.push('run finished');
          },
        },
      ],
    });
    try {
      await app.ready();
      await heldFetch;
      const closed = app.close().then(() => events.push('closed'));
      // pg-boss's own stop is over by now; the fetch comes back with the job queued at start.
      await new Promise((resolve) => setTimeout(resolve, 200));
      releaseFetch();
      await closed;
      await instance.close();
      expect(events).toEqual(['closed']);
      const { rows } = await database.pool.query<{ state: string }>(
        `select state from pgboss.job where name = 'held-fetch'`,
      );
      expect(rows.map((row) => row.state)).toEqual(['failed']);
    } finally {
      releaseFetch();
      if (!instance.pool.ended) await instance.close();
    }
  });
});
