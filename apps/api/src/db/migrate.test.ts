import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { connectDatabase, migrateDatabase, MIGRATIONS_DIR, type Database } from './client.ts';

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
      expect(await settingUnderTinyTimeout(instance, 'statement_timeout')).toBe('1ms');
    } finally {
      await instance.close();
      await drop();
    }
  });
});

/**
 * A setting of the instance's one connection, asked again while PostgreSQL cancels the asking:
 * under a 1 ms statement timeout even `show` can run out (reported as a cancel), which itself
 * says the timeout is in force.
 */
async function settingUnderTinyTimeout(instance: Database, name: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { rows } = await instance.pool.query<Record<string, string>>(`show ${name}`);
      return rows[0]![name]!;
    } catch (error) {
      const isCancelled = (error as { code?: string }).code === '57014';
      if (!isCancelled || attempt === 50) throw error;
    }
  }
}

/**
 * Migrates `instance` up to, not including, the migration tagged `tag`: from a copy of the
 * migrations whose journal ends before it, so rows can be written the way they were then.
 * Answers how many migrations are left to apply, that one included.
 */
async function migrateUpTo(instance: Database, tag: string): Promise<number> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  try {
    fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as {
      entries: { tag: string }[];
    };
    const at = journal.entries.findIndex((entry) => entry.tag === tag);
    expect(at).toBeGreaterThan(0);
    const left = journal.entries.length - at;
    journal.entries = journal.entries.slice(0, at);
    fs.writeFileSync(journalPath, JSON.stringify(journal));
    await migrate(instance.db, { migrationsFolder: folder });
    return left;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe('migration 0017_audit_subject', () => {
  const actor = crypto.randomUUID();
  const patient = crypto.randomUUID();
  /** An audit row as written before the migration: one column per kind of record. */
  const insertOldRow = (instance: Database, action: string, columns: Record<string, string>) =>
    instance.pool.query(
      `insert into audit_events (actor_id, patient_id, action, outcome, request_id${Object.keys(
        columns,
      )
        .map((column) => `, ${column}`)
        .join('')})
       values ($1, $2, $3, 'success', 'req'${Object.keys(columns)
         .map((_, i) => `, $${i + 4}`)
         .join('')})`,
      [actor, patient, action, ...Object.values(columns)],
    );

  it("moves each old row's record ids into subject and related, drops the old columns, and stays append-only", async () => {
    const { url, drop } = await emptyDatabase();
    const instance = connectDatabase(url, { max: 1 });
    try {
      const left = await migrateUpTo(instance, '0017_audit_subject');
      const ids = Object.fromEntries(
        ['appointment', 'visit', 'allergy', 'prescription', 'carePlan', 'warned'].map((name) => [
          name,
          crypto.randomUUID(),
        ]),
      ) as Record<string, string>;
      await insertOldRow(instance, 'read', {});
      await insertOldRow(instance, 'cancel', { appointment_id: ids.appointment! });
      await insertOldRow(instance, 'sign', { visit_id: ids.visit! });
      await insertOldRow(instance, 'update', { allergy_id: ids.allergy! });
      await insertOldRow(instance, 'stop', { prescription_id: ids.prescription! });
      await insertOldRow(instance, 'update', { care_plan_id: ids.carePlan! });
      await insertOldRow(instance, 'acknowledge', {
        prescription_id: ids.prescription!,
        allergy_id: ids.warned!,
      });

      await expect(migrateDatabase(instance.db)).resolves.toBe(left);

      const { rows } = await instance.pool.query(
        `select action, patient_id, subject_kind, subject_id, related_kind, related_id
           from audit_events order by id`,
      );
      const row = (
        action: string,
        subject: [string, string] | null,
        related?: [string, string],
      ) => ({
        action,
        patient_id: patient,
        subject_kind: subject?.[0] ?? null,
        subject_id: subject?.[1] ?? null,
        related_kind: related?.[0] ?? null,
        related_id: related?.[1] ?? null,
      });
      expect(rows).toEqual([
        row('read', null),
        row('cancel', ['appointment', ids.appointment!]),
        row('sign', ['visit', ids.visit!]),
        row('update', ['allergy', ids.allergy!]),
        row('stop', ['prescription', ids.prescription!]),
        row('update', ['carePlan', ids.carePlan!]),
        row('acknowledge', ['prescription', ids.prescription!], ['allergy', ids.warned!]),
      ]);
      const { rows: columns } = await instance.pool.query<{ column_name: string }>(
        `select column_name from information_schema.columns
          where table_name = 'audit_events' and column_name like '%\\_id' order by column_name`,
      );
      expect(columns.map((column) => column.column_name)).toEqual([
        'actor_id',
        'patient_id',
        'related_id',
        'request_id',
        'subject_id',
        'voice_call_id',
      ]);
      await expect(
        instance.pool.query(`update audit_events set outcome = 'denied'`),
      ).rejects.toThrow('append-only');
      await expect(instance.pool.query('delete from audit_events')).rejects.toThrow('append-only');
    } finally {
      await instance.close();
      await drop();
    }
  });

  it('refuses to run, changing nothing, when an old row names more records than subject and related hold', async () => {
    const { url, drop } = await emptyDatabase();
    const instance = connectDatabase(url, { max: 1 });
    try {
      await migrateUpTo(instance, '0017_audit_subject');
      await insertOldRow(instance, 'update', {
        appointment_id: crypto.randomUUID(),
        visit_id: crypto.randomUUID(),
        allergy_id: crypto.randomUUID(),
      });
      await expect(migrateDatabase(instance.db)).rejects.toThrow(
        'a row names more records than subject and related can hold',
      );
      const { rows } = await instance.pool.query(
        'select appointment_id, visit_id, allergy_id from audit_events',
      );
      expect(rows).toHaveLength(1);
      expect(Object.values(rows[0]!).every((id) => id !== null)).toBe(true);
    } finally {
      await instance.close();
      await drop();
    }
  });
});
