import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, migrateDatabase, type Database } from '../src/db/client.ts';

/**
 * A fresh, migrated database of its own for one test file, copied from the run's migrated
 * template (test/global-setup.ts); dropped by `drop()`. Migrating it afterwards finds nothing
 * left to apply, and proves the template current.
 */
export async function createTestDatabase({
  statementTimeoutMs,
}: { statementTimeoutMs?: number } = {}): Promise<
  Database & { url: string; drop(): Promise<void> }
> {
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
