// Premier's search at scale: one practitioner with 1,000 patients, 100,000 visits and
// 100,000 prescriptions, and a second practitioner with as many. Prints EXPLAIN (ANALYZE,
// BUFFERS) execution times, median of 5, of the search repository's own SQL per group (6 rows,
// what a page of 5 reads) for a rare, an uncommon, a common and an absent fragment, their sum
// (target ≤ 50 ms for visit notes and medications), and the whole service call (three queries
// at once and the audit insert, wall clock, median of 5).
//   npm run search -w bench      (also part of `npm run bench`)
import type pg from 'pg';
import {
  searchPatients,
  searchPrescriptions,
  searchVisits,
} from '../apps/api/src/modules/search/search.repository.ts';
import { createSearchService } from '../apps/api/src/modules/search/search.service.ts';
import { insertBenchOwners, withBenchDatabase } from './lib/database.ts';
import { explainMedian } from './lib/explain.ts';
import { RUNS, wallMedian } from './lib/median.ts';
import { printTable, writeResult } from './lib/portal.ts';

const PER_OWNER = Number(process.env.BENCH_SEARCH ?? 100_000);
const PATIENTS = 1_000;
/** A page of 5 per group reads one more row to tell whether there are more. */
const LIMIT = 6;

const COMPLAINTS = ['cough', 'headache', 'back pain', 'fatigue', 'knee pain', 'rash', 'dizziness'];
const MEDICATIONS = ['Amoxicillin', 'Metformin', 'Ibuprofen', 'Salbutamol', 'Omeprazole'];

/**
 * `photophobia` is in 1 of 1,000 of each kind, `tinnitus` in 1 of 100, `pain` in about 1 of 3
 * visits, 1 of 5 prescriptions and 1 of 10 patients; `zzqx` in none.
 */
async function seed(pool: pg.Pool) {
  const ownerIds = await insertBenchOwners(pool, 'search');
  for (const ownerId of ownerIds) {
    await pool.query(
      `insert into patients (owner_id, name, diagnosed_with, address, age, blood_group, gender, phone, emergency_phone, created_at)
       select $1::uuid, 'Bench Patient ' || g,
         case when g % 1000 = 7 then 'Migraine with photophobia' when g % 100 = 3 then 'Tinnitus'
              when g % 10 = 1 then 'Chronic pain' else 'Hypertension' end,
         g || ' Harbour Road', 40, 'O+', 'Female', lpad(g::text, 10, '0'), '5550002222',
         now() - g * interval '1 hour'
       from generate_series(1, $2::int) g`,
      [ownerId, PATIENTS],
    );
    const patients = `(select array_agg(id order by id) as ids from patients where owner_id = $1::uuid) p`;
    await pool.query(
      `insert into visits (owner_id, patient_id, occurred_at, reason, subjective, objective, assessment, plan)
       select $1::uuid, p.ids[1 + g % $3::int], timestamptz '2016-01-01' + g * interval '47 minutes',
         'Review of ' || ($4::text[])[1 + g % 7],
         'Reports ' || ($4::text[])[1 + g % 7] || ' for ' || (1 + g % 30) || ' days'
           || case when g % 1000 = 7 then ', with photophobia' when g % 100 = 3 then ', with tinnitus' else '' end || '.',
         'Alert, oriented. Chest clear. Abdomen soft. Visit ' || g || '.',
         'Likely benign ' || ($4::text[])[1 + (g / 7) % 7] || '.',
         'Symptomatic treatment; return if worse.'
       from generate_series(0, $2::int - 1) g, ${patients}`,
      [ownerId, PER_OWNER, PATIENTS, COMPLAINTS],
    );
    await pool.query(
      `insert into prescriptions (owner_id, patient_id, medication, strength, dose, route, frequency, instructions, status, created_at, updated_at)
       select $1::uuid, p.ids[1 + g % $3::int], ($4::text[])[1 + g % 5] || ' ' || (g / 5 % 10),
         '10 mg', '1 tablet', 'oral', 'daily',
         case when g % 1000 = 7 then 'Stop if photophobia appears.' when g % 100 = 3 then 'Report tinnitus.'
              when g % 5 = 1 then 'For pain, after meals.' else 'After meals.' end,
         (array['active', 'completed', 'completed', 'stopped'])[1 + g % 4],
         now() - g * interval '1 minute', now() - g * interval '1 minute'
       from generate_series(0, $2::int - 1) g, ${patients}`,
      [ownerId, PER_OWNER, PATIENTS, MEDICATIONS],
    );
  }
  for (const table of ['patients', 'visits', 'prescriptions'])
    await pool.query(`vacuum analyze ${table}`);
  return ownerIds;
}

const FRAGMENTS = [
  ['photophobia', 'rare: 1 in 1,000'],
  ['tinnitus', 'uncommon: 1 in 100'],
  ['pain', 'common: 1 in 3 to 1 in 10'],
  ['zzqx', 'absent'],
] as const;

export async function benchSearch() {
  console.log(`Search bench: ${PER_OWNER} visits and prescriptions for each of two practitioners`);
  return withBenchDatabase(async (database) => {
    const seedStarted = performance.now();
    const [ownerId] = await seed(database.pool);
    const seedMs = Math.round(performance.now() - seedStarted);
    const service = createSearchService({ db: database.db });
    const rows = [];
    for (const [fragment, label] of FRAGMENTS) {
      const args = { ownerId: ownerId!, fragment, limit: LIMIT };
      const explain = (find: (db: typeof database.db, a: typeof args) => Promise<unknown>) =>
        explainMedian(database.pool, () => find(database.db, args));
      const patientsMs = await explain(searchPatients);
      const visitsMs = await explain(searchVisits);
      const prescriptionsMs = await explain(searchPrescriptions);
      const serviceMs = await wallMedian(() =>
        service.search({
          actor: { actorId: ownerId!, requestId: 'bench' },
          query: fragment,
          limit: LIMIT - 1,
        }),
      );
      rows.push({
        fragment,
        label,
        patientsMs,
        visitsMs,
        prescriptionsMs,
        sumMs: patientsMs + visitsMs + prescriptionsMs,
        serviceMs,
      });
    }
    const result = { perPractitioner: PER_OWNER, patients: PATIENTS, seedMs, fragments: rows };
    printTable(
      `Search over ${PATIENTS} patients, ${PER_OWNER} visits and ${PER_OWNER} prescriptions of one practitioner (EXPLAIN ANALYZE, median of ${RUNS}, ms; target ≤ 50 ms)`,
      rows.map((row) => ({
        fragment: `${row.fragment} (${row.label})`,
        patients: row.patientsMs.toFixed(2),
        visits: row.visitsMs.toFixed(2),
        prescriptions: row.prescriptionsMs.toFixed(2),
        'sum in PostgreSQL': row.sumMs.toFixed(2),
        'service call (wall)': row.serviceMs.toFixed(2),
      })),
    );
    writeResult('search', result);
    return result;
  });
}

if (import.meta.filename === process.argv[1]) await benchSearch();
