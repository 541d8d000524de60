/**
 * Measures the patient list and search queries at scale: 200,000 patients, 100,000 of them
 * belonging to one practitioner. Runs the repository's own functions once to capture their
 * SQL, then prints EXPLAIN (ANALYZE, BUFFERS) execution times (median of 5 runs).
 *
 *   cd apps/api && npx tsx test/measure-patient-search.ts          # embedded PostgreSQL
 *   DATABASE_URL=postgres://… npx tsx test/measure-patient-search.ts
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, migrateDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { countPatients, findPatientsPage } from '../src/modules/patients/patients.repository.ts';
import { normaliseQuery } from '../src/modules/patients/patients.service.ts';

const PER_OWNER = Number(process.env.PER_OWNER ?? 100_000);
const RUNS = 5;

const FIRST = [
  'Amina',
  'Jean',
  'Lukas',
  'Wei',
  'Fatima',
  'Carlos',
  'Sofia',
  'Omar',
  'Hana',
  'Liam',
  'Ines',
  'Yusuf',
  'Mei',
  'Noah',
  'Leila',
  'Pierre',
  'Anna',
  'Ravi',
  'Chloe',
  'Tariq',
  'Emma',
  'Kenji',
  'Zara',
  'Mateo',
  'Nadia',
  'Felix',
  'Aisha',
  'Hugo',
  'Lina',
  'David',
];
const LAST = [
  'Yusuf',
  'Dupont',
  'Schmidt',
  'Zhang',
  'Haddad',
  'Garcia',
  'Rossi',
  'Khalil',
  'Tanaka',
  'Murphy',
  'Martin',
  'Okafor',
  'Chen',
  'Weber',
  'Nasser',
  'Moreau',
  'Novak',
  'Sharma',
  'Bernard',
  'Aziz',
  'Fischer',
  'Sato',
  'Ali',
  'Lopez',
  'Ibrahim',
  'Meyer',
  'Hassan',
  'Laurent',
  'Wang',
  'Cohen',
];
const DIAGNOSES = [
  'Type 2 diabetes',
  'Hypertension',
  'Asthma',
  'Migraine',
  'Chronic kidney disease',
  'Hypothyroidism',
  'Osteoarthritis',
  'Depression',
  'Atrial fibrillation',
  'COPD',
  'Anaemia',
  'Psoriasis',
  'Gout',
  'Epilepsy',
  'Coeliac disease',
  'Heart failure',
  'Glaucoma',
  'Eczema',
  'Sleep apnoea',
  'Rheumatoid arthritis',
];

const sqlArray = (values: string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

async function main() {
  let adminUrl = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  if (!adminUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-measure-'));
    fs.chmodSync(dataDir, 0o755);
    const server = await startEmbeddedPostgres({ dataDir });
    adminUrl = server.url;
    stop = server.stop;
  }
  // KEEP_DB=name keeps (and on later runs reuses) a seeded database, for comparing indexes.
  const kept = process.env.KEEP_DB;
  const name = kept ?? `measure_${crypto.randomBytes(4).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
    throw new Error(`KEEP_DB must be a plain database name (a-z, 0-9, _), not ${name}`);
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString(), { max: 2 });
  try {
    await migrateDatabase(database.db);
    const { pool } = database;
    const seeded = await pool.query<{ id: string }>(`select id from users order by uid`);
    const users =
      seeded.rowCount === 2
        ? seeded
        : await pool.query<{ id: string }>(
            `insert into users (uid, email, name) values ('local:a', 'a@example.test', 'A'), ('local:b', 'b@example.test', 'B') returning id`,
          );
    const [owner, other] = users.rows.map((row) => row.id) as [string, string];
    const seedStarted = performance.now();
    if (seeded.rowCount !== 2) {
      await pool.query(
        `insert into patients (owner_id, name, diagnosed_with, address, age, blood_group, gender, email,
         phone, emergency_phone, has_chronic_diseases, created_at, updated_at)
       select case when g % 2 = 0 then $1::uuid else $2::uuid end,
         (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}] || ' ' || g,
         (${sqlArray(DIAGNOSES)})[1 + (g * 7) % ${DIAGNOSES.length}],
         g || ' Harbour Road', g % 100,
         (array['A+','A-','B+','B-','AB+','AB-','O+','O-'])[1 + g % 8],
         (array['Male','Female','Other','Prefer not to say'])[1 + g % 4],
         case when g % 3 = 0 then null else 'patient' || g || '@example.com' end,
         lpad(((g::bigint * 7919) % 10000000000)::text, 10, '0'), '5550001111', g % 5 = 0,
         now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
       from generate_series(1, $3::int) as g`,
        [owner, other, PER_OWNER * 2],
      );
      await pool.query('vacuum analyze patients');
      console.log(
        `seeded ${PER_OWNER * 2} patients (${PER_OWNER} for the measured user) in ${Math.round(performance.now() - seedStarted)} ms`,
      );
    }
    const { rows: settings } = await pool.query<{ server_version: string; lc_ctype: string }>(
      `select current_setting('server_version') as server_version, datctype as lc_ctype from pg_database where datname = current_database()`,
    );
    console.log(`PostgreSQL ${settings[0]!.server_version}, lc_ctype ${settings[0]!.lc_ctype}`);

    // Capture the SQL the repository sends, then EXPLAIN ANALYZE exactly that.
    const captured: { text: string; values: unknown[] }[] = [];
    const original = pool.query.bind(pool);
    (pool as unknown as { query: unknown }).query = (config: unknown, values?: unknown) => {
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      const params = (values ?? (config as { values?: unknown[] }).values ?? []) as unknown[];
      captured.push({ text, values: params });
      return (original as (c: unknown, v?: unknown) => unknown)(config, values);
    };
    const explain = async (label: string, run: () => Promise<unknown>) => {
      captured.length = 0;
      await run();
      // One statement a measured call: two would need their times added, not the last one's.
      if (captured.length !== 1) {
        throw new Error(`${label}: expected one statement, the call sent ${captured.length}`);
      }
      const { text, values } = captured[0]!;
      const times: number[] = [];
      let plan = '';
      for (let i = 0; i < RUNS; i += 1) {
        const result = await original(`explain (analyze, buffers) ${text}`, values);
        const lines = (result as pg.QueryResult<{ 'QUERY PLAN': string }>).rows.map(
          (r) => r['QUERY PLAN'],
        );
        times.push(Number(/Execution Time: ([\d.]+) ms/.exec(lines.at(-1)!)?.[1]));
        plan = lines.join('\n');
      }
      times.sort((a, b) => a - b);
      console.log(
        `\n${label}: median ${times[Math.floor(RUNS / 2)]!.toFixed(2)} ms (min ${times[0]!.toFixed(2)}, max ${times.at(-1)!.toFixed(2)})`,
      );
      if (process.env.SHOW_PLANS) console.log(plan);
      return times[Math.floor(RUNS / 2)]!;
    };

    const db = database.db;
    const results: Record<string, number> = {};
    const page = (q: string | null) => () =>
      findPatientsPage(db, {
        ownerId: owner,
        q: normaliseQuery(q ?? undefined),
        after: null,
        limit: 51,
      });
    const count = (q: string | null) => () =>
      countPatients(db, { ownerId: owner, q: normaliseQuery(q ?? undefined) });
    results['first page, no search'] = await explain(
      'first page, no search (limit 51)',
      page(null),
    );
    const deep = await pool.query<{ created_at: Date; id: string }>(
      `select created_at, id from patients where owner_id = $1 order by created_at desc, id desc offset 90000 limit 1`,
      [owner],
    );
    results['page 1,800 (keyset)'] = await explain('page after row 90,000 (keyset cursor)', () =>
      findPatientsPage(db, {
        ownerId: owner,
        q: null,
        after: [deep.rows[0]!.created_at.toISOString(), deep.rows[0]!.id],
        limit: 51,
      }),
    );
    results['count, no search'] = await explain('X-Total-Count, no search', count(null));
    for (const q of [
      'schmidt',
      'Mei Chen',
      'diabetes',
      'patient12345',
      '7919',
      '555-00',
      'zzzqqq',
      'an',
      'x',
    ]) {
      results[`search "${q}"`] = await explain(`search "${q}" page`, page(q));
      results[`count "${q}"`] = await explain(`search "${q}" count`, count(q));
    }
    console.log('\nsummary (median execution time at the database, ms):');
    for (const [label, ms] of Object.entries(results))
      console.log(`  ${label.padEnd(36)} ${ms.toFixed(2)}`);
  } finally {
    await database.close();
    if (!kept) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await stop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
