import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { connectDatabase, migrateDatabase, MIGRATIONS_DIR } from './client.ts';

/** A database with nothing in it (test/database.ts copies a migrated one: not for these tests). */
async function emptyDatabase() {
  const adminUrl = inject('databaseUrl');
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe('migrateDatabase', () => {
  it('applies each migration once when several instances start together on an empty database', async () => {
    const { url, drop } = await emptyDatabase();
    const instances = [1, 2, 3].map(() => connectDatabase(url, { max: 2 }));
    try {
      const applied = await Promise.all(instances.map((instance) => migrateDatabase(instance.db)));
      const journal = JSON.parse(
        fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(applied.toSorted()).toEqual([0, 0, journal.entries.length]);
      const { rows } = await instances[0]!.pool.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await drop();
    }
  });

  it('is not cut short by the statement timeout of requests, which its connection keeps afterwards', async () => {
    const { url, drop } = await emptyDatabase();
    // One connection, so the one that migrated is the one asked afterwards.
    const instance = connectDatabase(url, { max: 1, statementTimeoutMs: 1 });
    try {
      await expect(migrateDatabase(instance.db)).resolves.toBeGreaterThan(0);
      const { rows } = await instance.pool.query<{ statement_timeout: string }>(
        'show statement_timeout',
      );
      expect(rows[0]!.statement_timeout).toBe('1ms');
    } finally {
      await instance.close();
      await drop();
    }
  });
});
