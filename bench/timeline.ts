// The patient's timeline at scale: one patient with 1,000 visits, 1,000 prescriptions
// (a third of them stopped), 50 allergies and 200 appointments, among the practitioner's other
// patients (20,000 visits and 20,000 prescriptions more), and a second practitioner with as
// many. Prints EXPLAIN (ANALYZE, BUFFERS) execution times, median of 5, of the repository's own
// SQL: the first page, a page in the middle and the last page of the timeline (keyset; target
// ≤ 5 ms), and its count (X-Total-Count). The patient also has care plans (10 active
// plans of 5 activities, daily to quarterly, some occurrences marked, and 2 completed plans;
// every other patient one plan): a member's every page reads their due and overdue activities
// from the stored due rows (worked out once, on the first read) and merges them with its page,
// so it prints that read's SQL (EXPLAIN) and the wall time of a member's first, middle and last
// page, each with its care-plan entries read and merged again (median of 5).
//   npm run timeline -w bench      (also part of `npm run bench`)
import type pg from 'pg';
import type { TTimelineEntry } from '@portal/shared/timeline';
import {
  countTimeline,
  listTimeline,
  type TimelineKey,
  type TimelineScope,
} from '../apps/api/src/modules/timeline/timeline.repository.ts';
import {
  listCarePlanEntries,
  mergePage,
} from '../apps/api/src/modules/timeline/timeline.care-plans.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import { insertBenchOwners, insertBenchPatients, withBenchDatabase } from './lib/database.ts';
import { explainMedian } from './lib/explain.ts';
import { RUNS, wallMedian } from './lib/median.ts';
import { printTable, writeResult } from './lib/portal.ts';

const PAGE = 20;
const HEAVY = {
  visits: 1_000,
  prescriptions: 1_000,
  allergies: 50,
  appointments: 200,
  carePlans: 10,
};
const PATIENTS = 1_000;
const BACKGROUND = Number(process.env.BENCH_TIMELINE_BACKGROUND ?? 20_000);

/** One practitioner: PATIENTS patients, the first (by id) the heavy one. */
async function seedOwner(pool: pg.Pool, ownerId: string): Promise<string> {
  await insertBenchPatients(pool, ownerId, PATIENTS, 'Asthma');
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
  await seedCarePlans(pool, ownerId, rows[0]!.id);
  return rows[0]!.id;
}

/** Rules from daily to quarterly, and a one-off a week ago, each started 200 days ago. */
const RULES = [
  'FREQ=DAILY',
  'FREQ=WEEKLY;BYDAY=MO,TH',
  'FREQ=WEEKLY',
  'FREQ=MONTHLY;INTERVAL=3',
  '',
];

/**
 * The heavy patient's care plans (HEAVY.carePlans active, 2 completed; every third daily
 * occurrence marked done) and one plan for every other patient of the practitioner.
 */
async function seedCarePlans(pool: pg.Pool, ownerId: string, patientId: string) {
  const activities = `(select jsonb_agg(jsonb_build_object('id', gen_random_uuid(),
      'title', 'Activity ' || r.n, 'rrule', r.rule,
      'start', to_char(current_date - case when r.rule = '' then 7 else 200 end, 'YYYY-MM-DD')))
    from unnest($2::text[]) with ordinality as r(rule, n) where p.id is not null)`;
  await pool.query(
    `insert into care_plans (owner_id, patient_id, title, status, activities)
     select $1::uuid, p.id, 'Plan ' || g, case when g > $4::int then 'completed' else 'active' end,
       ${activities}
     from generate_series(1, $4::int + 2) g, patients p where p.id = $3::uuid
     union all
     select $1::uuid, p.id, 'Plan', 'active', ${activities}
     from patients p where p.owner_id = $1::uuid and p.id <> $3::uuid`,
    [ownerId, RULES, patientId, HEAVY.carePlans],
  );
  await pool.query(
    `insert into care_plan_marks (owner_id, care_plan_id, activity_id, occurs_on, mark, marked_by)
     select $1::uuid, plan.id, (activity->>'id')::uuid, day::date, 'done', $1::uuid
     from care_plans plan, jsonb_array_elements(plan.activities) activity,
       generate_series(current_date - 90, current_date, interval '3 days') day
     where plan.patient_id = $2::uuid and activity->>'rrule' = 'FREQ=DAILY'`,
    [ownerId, patientId],
  );
}

async function seed(pool: pg.Pool): Promise<TimelineScope> {
  const ownerIds = await insertBenchOwners(pool, 'timeline');
  const patientIds = [];
  for (const ownerId of ownerIds) patientIds.push(await seedOwner(pool, ownerId));
  for (const table of [
    'visits',
    'prescriptions',
    'allergies',
    'appointments',
    'patients',
    'care_plans',
    'care_plan_marks',
  ])
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
  return withBenchDatabase(async (database) => {
    const seedStarted = performance.now();
    const scope = await seed(database.pool);
    const seedMs = Math.round(performance.now() - seedStarted);
    const entries = await countTimeline(database.db, scope);
    const page = (after: TimelineKey | null) =>
      explainMedian(database.pool, () =>
        listTimeline(database.db, scope, { after, limit: PAGE + 1 }),
      );
    const firstPageMs = await page(null);
    const middlePageMs = await page(await keyAt(database.db, scope, Math.floor(entries / 2)));
    const lastPageMs = await page(await keyAt(database.db, scope, entries - PAGE - 1));
    const countMs = await explainMedian(database.pool, () => countTimeline(database.db, scope));
    // A member's every page also reads the due and overdue care-plan activities (the first
    // read works out their due rows) and merges them after the page's cursor.
    const now = new Date();
    const carePlanEntries = (await listCarePlanEntries(database.db, scope, now)).length;
    const carePlanSqlMs = await explainMedian(database.pool, () =>
      listCarePlanEntries(database.db, scope, now),
    );
    const memberPage = async (after: TimelineKey | null) => {
      const [stored, carePlan] = await Promise.all([
        listTimeline(database.db, scope, { after, limit: PAGE + 1 }),
        listCarePlanEntries(database.db, scope, now),
      ]);
      return mergePage(stored, carePlan, after, PAGE + 1);
    };
    const memberEntries = entries + carePlanEntries;
    /** The key of the member's n-th entry (0 = newest), paging as the service does. */
    const memberKeyAt = async (n: number): Promise<TimelineKey | null> => {
      let after: TimelineKey | null = null;
      for (let seen = 0; seen + PAGE <= n; seen += PAGE) {
        const page: TTimelineEntry[] = await memberPage(after);
        const entry = page[PAGE - 1]!;
        after = [entry.at, entry.itemId, entry.kind];
      }
      return after;
    };
    const middleKey = await memberKeyAt(Math.floor(memberEntries / 2));
    const lastKey = await memberKeyAt(memberEntries - PAGE);
    // Wall time, median of RUNS after a warm-up.
    await memberPage(null);
    const memberFirstPageWallMs = await wallMedian(() => memberPage(null));
    const memberMiddlePageWallMs = await wallMedian(() => memberPage(middleKey));
    const memberLastPageWallMs = await wallMedian(() => memberPage(lastKey));
    const result = {
      patient: { ...HEAVY, entries, carePlanEntries },
      backgroundRowsPerTable: BACKGROUND,
      seedMs,
      timeline: {
        firstPageMs,
        middlePageMs,
        lastPageMs,
        countMs,
        carePlanSqlMs,
        memberFirstPageWallMs,
        memberMiddlePageWallMs,
        memberLastPageWallMs,
      },
    };
    printTable(
      `A patient's timeline (${entries} entries), page of ${PAGE} (EXPLAIN ANALYZE, median of ${RUNS}; target ≤ 5 ms)`,
      [
        { query: 'first page', ms: firstPageMs.toFixed(2) },
        { query: 'page in the middle (keyset)', ms: middlePageMs.toFixed(2) },
        { query: 'last page (keyset)', ms: lastPageMs.toFixed(2) },
        { query: 'count (X-Total-Count)', ms: countMs.toFixed(2) },
        {
          query: `care-plan activities (${carePlanEntries} due/overdue, stored rows): SQL`,
          ms: carePlanSqlMs.toFixed(2),
        },
        {
          query: "a member's first page, wall time (both reads + merge)",
          ms: memberFirstPageWallMs.toFixed(2),
        },
        {
          query: "a member's page in the middle, wall time (both reads + merge)",
          ms: memberMiddlePageWallMs.toFixed(2),
        },
        {
          query: "a member's last page, wall time (both reads + merge)",
          ms: memberLastPageWallMs.toFixed(2),
        },
      ],
    );
    writeResult('timeline', result);
    return result;
  });
}

if (import.meta.filename === process.argv[1]) await benchTimeline();
