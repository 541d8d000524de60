import type pg from 'pg';
import { connectDatabase, migrateDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { startPostgres } from './portal.ts';

/**
 * Runs `measure` against a fresh embedded PostgreSQL, migrated, through a pool of four (the
 * benches that measure SQL read one query at a time); then closes and removes it.
 */
export async function withBenchDatabase<T>(
  measure: (database: Database) => Promise<T>,
): Promise<T> {
  const postgres = await startPostgres();
  const database = connectDatabase(postgres.url, { max: 4 });
  try {
    await migrateDatabase(database.db);
    return await measure(database);
  } finally {
    await database.close().catch(() => {});
    await postgres.stop();
  }
}

/** Two practitioners, `bench:1` and `bench:2`, their e-mails named after the bench; their ids. */
export async function insertBenchOwners(pool: pg.Pool, bench: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into users (uid, email, name)
     select 'bench:' || g, $1 || g || '@example.test', 'Bench Doctor ' || g
     from generate_series(1, 2) g returning id`,
    [bench],
  );
  return rows.map((row) => row.id);
}

/** `count` patients of one owner, alike but for their name, address and phone. */
export async function insertBenchPatients(
  pool: pg.Pool,
  ownerId: string,
  count: number,
  diagnosis = 'Hypertension',
): Promise<void> {
  await pool.query(
    `insert into patients (owner_id, name, diagnosed_with, address, age, blood_group, gender, phone, emergency_phone)
     select $1::uuid, 'Bench Patient ' || g, $3, g || ' Harbour Road', 40, 'O+', 'Female',
       lpad(g::text, 10, '0'), '5550002222'
     from generate_series(1, $2::int) g`,
    [ownerId, count, diagnosis],
  );
}
