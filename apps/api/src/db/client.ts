import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** A drizzle handle over a pool; `$client` is that pool (prepared statements use it). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface Database {
  db: Db;
  pool: pg.Pool;
  /**
   * True when a query was answered in the last 2 s, or else a trivial query answers within a
   * second; false once the pool is shutting down.
   */
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}

/** Resolved from this file in the sources and from `dist/` in the bundle alike. */
export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  fileURLToPath(import.meta.url).includes(`${path.sep}dist${path.sep}`)
    ? '../src/db/migrations'
    : './migrations',
);

const RECENTLY_ANSWERED_MS = 2_000;

export function connectDatabase(url: string, { max = 10 }: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  // Under heavy load a probe waits behind every queued query and times out, and a health check
  // must not have a busy instance pulled: a query answered lately already proves the database up.
  let lastAnsweredAt = 0;
  pool.on('release', (error: Error | undefined) => {
    if (!error) lastAnsweredAt = Date.now();
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {
    lastAnsweredAt = 0;
  });
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    async isHealthy() {
      if (pool.ending) return false;
      if (Date.now() - lastAnsweredAt < RECENTLY_ANSWERED_MS) return true;
      try {
        await Promise.race([
          pool.query('select 1'),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1_000).unref()),
        ]);
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
