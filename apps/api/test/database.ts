import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectDatabase, migrateDatabase, type Database } from '../src/db/client.ts';

export type TestDatabase = Database & { url: string; drop(): Promise<void> };

/**
 * A fresh, migrated database of its own for one test file, copied from the run's migrated
 * template (test/global-setup.ts); dropped by `drop()`. Migrating it afterwards finds nothing
 * left to apply, and proves the template current.
 */
export async function createTestDatabase({
  statementTimeoutMs,
}: { statementTimeoutMs?: number } = {}): Promise<TestDatabase> {
  const adminUrl = inject('databaseUrl');
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString(), { max: 5, statementTimeoutMs });
  await migrateDatabase(database.db);
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close().catch(() => {});
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * The calling test file's database: `createTestDatabase()` before its tests, dropped after
 * them. Call it at the file's top level; the object it answers is filled in by a `beforeAll`,
 * so read it in hooks and tests, not while the file loads.
 */
export function useTestDatabase(): TestDatabase {
  const database = {} as TestDatabase;
  beforeAll(async () => {
    Object.assign(database, await createTestDatabase());
  });
  afterAll(() => database.drop());
  return database;
}
