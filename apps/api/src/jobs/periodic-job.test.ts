import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/database.ts';
import { claimPeriodicRun } from './periodic-job.ts';

const database = useTestDatabase();

const HOUR_MS = 60 * 60 * 1000;

describe('claimPeriodicRun', () => {
  it('lets exactly one of several instances asking at once run the job', async () => {
    const claims = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((instanceId) =>
        claimPeriodicRun(database.db, { name: 'job-at-once', everyMs: HOUR_MS, instanceId }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('runs again only once the period is over, and counts the runs', async () => {
    const claim = (instanceId: string) =>
      claimPeriodicRun(database.db, { name: 'job-hourly', everyMs: HOUR_MS, instanceId });
    expect(await claim('a')).toBe(true);
    expect(await claim('b')).toBe(false);
    await database.pool.query(
      `update periodic_jobs set last_started_at = now() - interval '59 minutes' where name = 'job-hourly'`,
    );
    expect(await claim('b')).toBe(false);
    await database.pool.query(
      `update periodic_jobs set last_started_at = now() - interval '61 minutes' where name = 'job-hourly'`,
    );
    expect(await Promise.all([claim('b'), claim('c')])).toContain(true);
    const { rows } = await database.pool.query(
      `select run_count, last_started_by from periodic_jobs where name = 'job-hourly'`,
    );
    expect(rows[0].run_count).toBe(2);
    expect(['b', 'c']).toContain(rows[0].last_started_by);
  });
});
