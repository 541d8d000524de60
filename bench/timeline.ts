// The patient's timeline at scale (issue 17): one patient with 1,000 visits, 1,000 prescriptions
// (a third of them stopped), 50 allergies and 200 appointments, among the practitioner's other
// patients (20,000 visits and 20,000 prescriptions more), and a second practitioner with as
// many. Prints EXPLAIN (ANALYZE, BUFFERS) execution times, median of 5, of the repository's own
// SQL: the first page, a page in the middle and the last page of the timeline (keyset; target
// ≤ 5 ms), and its count (X-Total-Count).
//   npm run timeline -w bench      (also part of `npm run bench`)
import type pg from 'pg';
import { connectDatabase, migrateDatabase } from '../apps/api/src/db/client.ts';
import {
  countTimeline,
  listTimeline,
  type TimelineKey,
  type TimelineScope,
} from '../apps/api/src/modules/timeline/timeline.repository.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import { explainMedian } from './lib/explain.ts';
import { printTable, startPostgres, writeResult } from './lib/portal.ts';

const RUNS = 5;
const PAGE = 20;
const HEAVY = { visits: 1_000, prescriptions: 1_000, allergies: 50, appointments: 200 };
const PATIENTS = 1_000;
const BACKGROUND = Number(process.env.BENCH_TIMELINE_BACKGROUND ?? 20_000);

/** One practitioner: PATIENTS patients, the first (by id) the heavy one. */
async function seedOwner(pool: pg.Pool, ownerId: string): Promise<string> {
  await pool.query(
    `insert into patients (owner_id, name, diagnosed_with, address, age, blood_group, gender, phone, emergency_phone)
     select $1::uuid, 'Bench Patient ' || g, 'Asthma', g || ' Harbour Road', 40, 'O+', 'Female',
       lpad(g::text, 10, '0'), '5550002222'
     from generate_series(1, $2::int) g`,
    [ownerId, PATIENTS],
  );
  const ids = `(select array_agg(id order by id) as ids from patients where owner_id = $1::uuid) p`;
  // The heavy patient's rows first, then the background spread over the other patients.
  const patientOf = `case when g < $2::int then p.ids[1] else p.ids[2 + g % ($3::int - 1)] end`;
  await pool.query(
    `insert into visits (owner_id, patient_id, occurred_at, reason, subjective, plan, signed_at, signed_by)
     select $1::uuid, ${patientOf}, timestamptz '2016-01-01' + g * interval '173 minutes',
       'Review ' || g, 'Reports cough for ' || (1 + g % 30) || ' days.', 'Rest.',
       case when g % 4 = 0 then null else now() end, case when g % 4 = 0 then null else $1::uuid end
     from generate_series(0, $2::int + $4::int - 1) g, ${ids}`,
    [ownerId, HEAVY.visits, PATIENTS, BACKGROUND],
  );
  await pool.query(
    `insert into prescriptions (owner_id, patient_id, medication, strength, dose, route, frequency,
       status, stop_reason, stopped_at, created_at, updated_at)
     select $1::uuid, ${patientOf}, 'Amoxicillin', '500 mg', '1 capsule', 'oral', 'three times a day',
       case when g % 3 = 0 then 'stopped' else 'active' end,
       case when g % 3 = 0 then 'Rash' else '' end,
       case when g % 3 = 0 then timestamptz '2016-01-01' + g * interval '181 minutes' + interval '9 days' end,
       timestamptz '2016-01-01' + g * interval '181 minutes', now()
     from generate_series(0, $2::int + $4::int - 1) g, ${ids}`,
    [ownerId, HEAVY.prescriptions, PATIENTS, BACKGROUND],
  );
  await pool.query(
    `insert into allergies (owner_id, patient_id, substance, reaction, severity, created_at)
     select $1::uuid, p.ids[1], 'Substance ' || g, 'Hives', 'moderate',
       timestamptz '2016-01-01' + g * interval '60 days'
     from generate_series(1, $2::int) g, ${ids}`,
    [ownerId, HEAVY.allergies],
  );
  await pool.query(
    `insert into appointments (owner_id, patient_id, starts_at, ends_at, kind, reason, status)
     select $1::uuid, p.ids[1], timestamptz '2016-01-04 09:00Z' + g * interval '15 days',
       timestamptz '2016-01-04 09:30Z' + g * interval '15 days', 'in-person', 'Follow-up',
       case when g % 5 = 0 then 'cancelled' else 'fulfilled' end
     from generate_series(1, $2::int) g, ${ids}`,
    [ownerId, HEAVY.appointments],
  );
  const { rows } = await pool.query<{ id: string }>(
    'select min(id::text)::uuid as id from patients where owner_id = $1',
    [ownerId],
  );
  return rows[0]!.id;
}

async function seed(pool: pg.Pool): Promise<TimelineScope> {
  const users = await pool.query<{ id: string }>(
    `insert into users (uid, email, name)
     select 'bench:' || g, 'timeline' || g || '@example.test', 'Bench Doctor ' || g
     from generate_series(1, 2) g returning id`,
  );
  const ownerIds = users.rows.map((row) => row.id);
  const patientIds = [];
  for (const ownerId of ownerIds) patientIds.push(await seedOwner(pool, ownerId));
  for (const table of ['visits', 'prescriptions', 'allergies', 'appointments', 'patients'])
    await pool.query(`vacuum analyze ${table}`);
  return { ownerId: ownerIds[0]!, patientId: patientIds[0]! };
}

/** The key of the n-th entry (0 = newest), read through the API's own query. */
async function keyAt(db: Db, scope: TimelineScope, n: number): Promise<TimelineKey> {
  const entries = await listTimeline(db, scope, { after: null, limit: n + 1 });
  const entry = entries.at(-1)!;
  return [entry.at, entry.itemId, entry.kind];
}

export async function benchTimeline() {
  console.log(
    `Timeline bench: one patient with ${HEAVY.visits} visits and ${HEAVY.prescriptions} prescriptions`,
  );
  const postgres = await startPostgres();
  const database = connectDatabase(postgres.url, { max: 4 });
  try {
    await migrateDatabase(database.db);
    const seedStarted = performance.now();
    const scope = await seed(database.pool);
    const seedMs = Math.round(performance.now() - seedStarted);
    const entries = await countTimeline(database.db, scope);
    const page = (after: TimelineKey | null) =>
      explainMedian(database.pool, RUNS, () =>
        listTimeline(database.db, scope, { after, limit: PAGE + 1 }),
      );
    const firstPageMs = await page(null);
    const middlePageMs = await page(await keyAt(database.db, scope, Math.floor(entries / 2)));
    const lastPageMs = await page(await keyAt(database.db, scope, entries - PAGE - 1));
    const countMs = await explainMedian(database.pool, RUNS, () =>
      countTimeline(database.db, scope),
    );
    const result = {
      patient: { ...HEAVY, entries },
      backgroundRowsPerTable: BACKGROUND,
      seedMs,
      timeline: { firstPageMs, middlePageMs, lastPageMs, countMs },
    };
    printTable(
      `A patient's timeline (${entries} entries), page of ${PAGE} (EXPLAIN ANALYZE, median of ${RUNS}; target ≤ 5 ms)`,
      [
        { query: 'first page', ms: firstPageMs.toFixed(2) },
        { query: 'page in the middle (keyset)', ms: middlePageMs.toFixed(2) },
        { query: 'last page (keyset)', ms: lastPageMs.toFixed(2) },
        { query: 'count (X-Total-Count)', ms: countMs.toFixed(2) },
      ],
    );
    writeResult('timeline', result);
    return result;
  } finally {
    await database.close().catch(() => {});
    await postgres.stop();
  }
}

if (import.meta.filename === process.argv[1]) await benchTimeline();
