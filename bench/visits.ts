// Visits at scale: one practitioner with 100,000 visits over 1,000 patients, one of
// whom has 1,000 visits (with addenda), and a second practitioner with as many. Prints EXPLAIN
// (ANALYZE, BUFFERS) execution times, median of 5, of the repository's own SQL: a page of the
// patient's visit list, first and deep (target ≤ 5 ms), its count, and the practitioner's notes
// search through the trigram index for a rare, a common and an absent fragment (target ≤ 50 ms).
//   npm run visits -w bench      (also part of `npm run bench`)
import type pg from 'pg';
import {
  countVisits,
  listVisits,
  searchVisitNotes,
  type VisitKey,
} from '../apps/api/src/modules/visits/visits.repository.ts';
import { insertBenchOwners, insertBenchPatients, withBenchDatabase } from './lib/database.ts';
import { explainMedian } from './lib/explain.ts';
import { printTable, writeResult } from './lib/portal.ts';

const PER_OWNER = Number(process.env.BENCH_VISITS ?? 100_000);
const PATIENTS = 1_000;
const HEAVY_PATIENT_VISITS = 1_000;
const PAGE = 20;

/** Words of the generated notes; `photophobia` is in one visit of a thousand. */
const COMPLAINTS = [
  'cough',
  'headache',
  'back pain',
  'fatigue',
  'dizziness',
  'sore throat',
  'rash',
  'knee pain',
  'shortness of breath',
  'abdominal pain',
];

async function seed(pool: pg.Pool) {
  const ownerIds = await insertBenchOwners(pool, 'visits');
  for (const ownerId of ownerIds) {
    await insertBenchPatients(pool, ownerId, PATIENTS);
    // The first patient (by id) gets HEAVY_PATIENT_VISITS; the rest share the remainder.
    await pool.query(
      `insert into visits (owner_id, patient_id, occurred_at, reason, subjective, objective,
         assessment, plan, systolic, diastolic, heart_rate, temperature, weight, height,
         oxygen_saturation, signed_at, signed_by)
       select $1::uuid,
         case when g < $4::int then p.ids[1] else p.ids[2 + g % ($3::int - 1)] end,
         timestamptz '2016-01-01' + g * interval '47 minutes',
         'Review of ' || ($5::text[])[1 + g % 10],
         'Reports ' || ($5::text[])[1 + g % 10] || ' for ' || (1 + g % 30) || ' days'
           || case when g % 1000 = 7 then ', with photophobia' else '' end || '.',
         'Alert, oriented. Chest clear. Abdomen soft. Visit ' || g || '.',
         'Likely benign ' || ($5::text[])[1 + (g / 7) % 10] || '.',
         'Symptomatic treatment; return if worse.',
         110 + g % 40, 70 + g % 20, 60 + g % 30, 36.5, 70 + g % 20, 170, 97,
         now(), $1::uuid
       from generate_series(0, $2::int - 1) g,
         (select array_agg(id order by id) as ids from patients where owner_id = $1::uuid) p`,
      [ownerId, PER_OWNER, PATIENTS, HEAVY_PATIENT_VISITS, COMPLAINTS],
    );
    await pool.query(
      `insert into visit_addenda (visit_id, author_id, text)
       select v.id, $1::uuid, 'Corrected the dose in the plan.'
       from visits v where v.owner_id = $1::uuid and v.patient_id =
         (select min(id::text)::uuid from patients where owner_id = $1::uuid)
       and extract(minute from v.occurred_at)::int % 10 = 0`,
      [ownerId],
    );
  }
  await pool.query('vacuum analyze visits');
  await pool.query('vacuum analyze visit_addenda');
  await pool.query('vacuum analyze patients');
  return ownerIds;
}

export async function benchVisits() {
  console.log(`Visits bench: ${PER_OWNER} visits for each of two practitioners`);
  return withBenchDatabase(async (database) => {
    const seedStarted = performance.now();
    const [ownerId] = await seed(database.pool);
    const seedMs = Math.round(performance.now() - seedStarted);
    const heavy = (
      await database.pool.query<{ id: string; visits: number }>(
        `select patient_id as id, count(*)::int as visits from visits where owner_id = $1
         group by patient_id order by count(*) desc limit 1`,
        [ownerId],
      )
    ).rows[0]!;
    const scope = { ownerId: ownerId!, patientId: heavy.id };
    const firstPageMs = await explainMedian(database.pool, () =>
      listVisits(database.db, { ...scope, after: null, limit: PAGE + 1 }),
    );
    const middle = (
      await database.pool.query<{ occurred_at: Date; id: string }>(
        `select occurred_at, id from visits where patient_id = $1
         order by occurred_at desc, id desc offset $2 limit 1`,
        [heavy.id, Math.floor(heavy.visits / 2)],
      )
    ).rows[0]!;
    const after: VisitKey = [middle.occurred_at.toISOString(), middle.id];
    const deepPageMs = await explainMedian(database.pool, () =>
      listVisits(database.db, { ...scope, after, limit: PAGE + 1 }),
    );
    const countMs = await explainMedian(database.pool, () => countVisits(database.db, scope));
    const search = (fragment: string) =>
      explainMedian(database.pool, () =>
        searchVisitNotes(database.db, { ownerId: ownerId!, fragment, limit: PAGE }),
      );
    const rareMs = await search('photophobia');
    const commonMs = await search('sore throat');
    const absentMs = await search('zzqx');

    const result = {
      visitsPerPractitioner: PER_OWNER,
      visitsOfOnePatient: heavy.visits,
      seedMs,
      patientList: { firstPageMs, deepPageMs, countMs },
      notesSearch: { rareMs, commonMs, absentMs },
    };
    printTable(
      `A patient's visits (${heavy.visits}), page of ${PAGE} with addenda (EXPLAIN ANALYZE, median of 5; target ≤ 5 ms)`,
      [
        { query: 'first page', ms: firstPageMs.toFixed(2) },
        { query: 'page in the middle (keyset)', ms: deepPageMs.toFixed(2) },
        { query: 'count (X-Total-Count)', ms: countMs.toFixed(2) },
      ],
    );
    printTable(
      `Notes search over ${PER_OWNER} visits of one practitioner, ${PAGE} newest (target ≤ 50 ms)`,
      [
        { fragment: 'photophobia (1 in 1,000)', ms: rareMs.toFixed(2) },
        { fragment: 'sore throat (1 in 10)', ms: commonMs.toFixed(2) },
        { fragment: 'zzqx (none)', ms: absentMs.toFixed(2) },
      ],
    );
    writeResult('visits', result);
    return result;
  });
}

if (import.meta.filename === process.argv[1]) await benchVisits();
