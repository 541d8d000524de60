import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../test/database.ts';
import { connectDatabase, type Database } from './client.ts';

const test = useTestDatabase();
let busy: Database;
beforeAll(() => {
  // One connection: a long query holds it, as a saturated pool would.
  busy = connectDatabase(test.url, { max: 1 });
});
afterAll(async () => {
  vi.useRealTimers();
  await busy.close();
});

describe('isHealthy under load', () => {
  it('calls a database busy, not down, while it answered lately; down once it has not for 10 s', async () => {
    await busy.pool.query('select 1');
    // Only the clock moves: the 2 s 'answered just now' shortcut no longer applies.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3_000);
    const held = busy.pool.query('select pg_sleep(4)');
    expect(await busy.isHealthy()).toBe(true);
    vi.setSystemTime(Date.now() + 15_000);
    expect(await busy.isHealthy()).toBe(false);
    await held;
  });
});
