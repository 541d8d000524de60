import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Clock } from '../lib/clock.ts';
import { withAdvisoryLock } from './advisory-lock.ts';
import { createNotifications, type Notifications } from './notifications.ts';
import * as schema from './schema/index.ts';

/**
 * A drizzle handle over a pool; `$client` is that pool (prepared statements use it).
 * `$batchClient` is a pool of its own for the statements that carry many requests at once
 * (`batched.ts`), whose connections always use a prepared statement's generic plan: PostgreSQL
 * guesses an array parameter at ten elements, so it would otherwise plan such a statement anew
 * for every batch instead of reusing the plan that serves any size.
 */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool; $batchClient: pg.Pool };

/** What a module built on the database and the clock takes; the clock is the system's if omitted. */
export interface DbAndClock {
  db: Db;
  now?: Clock;
}

/** An open transaction: what `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A drizzle handle or an open transaction, for statements that join whatever transaction they
 * are given (an audit row joins the change it describes).
 */
export type DbOrTx = Pick<Db, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /**
   * True when a query was answered in the last 2 s, or else a trivial query answers within a
   * second; false once the pool is shutting down.
   */
  isHealthy(): Promise<boolean>;
  /** Messages to and from the other API instances on this database (LISTEN/NOTIFY). */
  notifications: Notifications;
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
/** The statements each batched kind (`batched.ts`) keeps in flight. */
export const BATCH_IN_FLIGHT = 2;
/** The batch pool: room for both batched kinds' statements in flight (patient reads, pages). */
const BATCH_POOL_SIZE = 2 * BATCH_IN_FLIGHT;
/** How recently a query must have been answered for a slow probe to still mean 'busy'. */
const BUSY_ANSWERED_MS = 10_000;

export function connectDatabase(
  url: string,
  { max = 10, statementTimeoutMs }: { max?: number; statementTimeoutMs?: number } = {},
): Database {
  const poolOf = (options: pg.PoolConfig) =>
    new pg.Pool({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      // Set on every connection, so no query (a pathological search, a stuck lock) holds one of
      // the pool's few connections for longer (DB_STATEMENT_TIMEOUT_MS).
      ...(statementTimeoutMs !== undefined && { statement_timeout: statementTimeoutMs }),
      ...options,
    });
  const pool = poolOf({ max });
  const batchPool = poolOf({
    max: BATCH_POOL_SIZE,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // Under heavy load a probe waits behind every queued query and times out, and a health check
  // must not have a busy instance pulled: a query answered lately already proves the database up.
  let lastAnsweredAt = 0;
  for (const each of [pool, batchPool]) {
    each.on('release', (error: Error | undefined) => {
      if (!error) lastAnsweredAt = Date.now();
    });
    // An idle client losing its connection must not crash the process; the next query
    // reconnects.
    each.on('error', () => {
      lastAnsweredAt = 0;
    });
  }
  const db = Object.assign(drizzle(pool, { schema }), { $batchClient: batchPool });
  const notifications = createNotifications({ url, pool });
  return {
    db,
    pool,
    notifications,
    async isHealthy() {
      if (pool.ending) return false;
      if (Date.now() - lastAnsweredAt < RECENTLY_ANSWERED_MS) return true;
      const probe = pool.query('select 1').then(
        () => 'answered' as const,
        () => 'failed' as const,
      );
      const outcome = await Promise.race([
        probe,
        new Promise<'slow'>((resolve) => setTimeout(() => resolve('slow'), 1_000).unref()),
      ]);
      // Slow is not down: on a saturated machine (the fuzz suite on a busy CI host, say) the
      // probe can queue behind a second of work. A database that answered anything in the last
      // ten seconds is up; one that has answered nothing for that long is not.
      if (outcome === 'slow') return Date.now() - lastAnsweredAt < BUSY_ANSWERED_MS;
      return outcome === 'answered';
    },
    async close() {
      await notifications.close();
      await Promise.all([pool.end(), batchPool.end()]);
    },
  };
}

/** Any fixed 64-bit number, the same in every instance: the key of the migration lock. */
const MIGRATION_LOCK_KEY = 5_817_301_119_204;

/**
 * Applies the pending migrations, once across instances: instances started together on one
 * database wait for this session-level advisory lock, and the ones that get it after the first
 * find nothing left to apply (drizzle's migrator alone would race: two of them creating the
 * same tables fail with duplicate errors). Answers how many migrations this call applied.
 */
export async function migrateDatabase(db: Db): Promise<number> {
  return withAdvisoryLock(db.$client, MIGRATION_LOCK_KEY, async (client) => {
    const countApplied = async () => {
      const { rows } = await client.query<{ exists: boolean }>(
        `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
      );
      if (!rows[0]!.exists) return 0;
      const counted = await client.query<{ applied: number }>(
        'select count(*)::int as applied from drizzle.__drizzle_migrations',
      );
      return counted.rows[0]!.applied;
    };
    const before = await countApplied();
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    return (await countApplied()) - before;
  });
}
