// Care plans at their heaviest: one patient with 200 care plans of 20 daily activities each
// (4,000 activities, started 200 days ago, none marked), seeded in SQL because the API admits
// at most 50 active plans per patient: 50 active, 150 on hold. The API is built in-process from
// the sources and listens on 127.0.0.1. Prints the wall time (p50, p99) of `GET
// /api/premier/today` and of the patient's timeline, the first read after the upgrade (no due
// rows stored yet) and the first read of a new day, the reminders sweep's care-plan step, and
// `/api/health`'s latency while 10 such requests run at once, round after round.
// Targets: Today and timeline ≤ 50 ms, health ≤ 50 ms under the 10 parallel.
//   npm run care-plans -w bench      (also part of `npm run bench`)
import type pg from 'pg';
import { insertDueCarePlanReminders } from '../apps/api/src/modules/care-plans/care-plans.reminders.ts';
import { insertBenchPatients } from './lib/database.ts';
import { withInProcessApi } from './lib/in-process-api.ts';
import { printTable, writeResult } from './lib/portal.ts';

const PLANS = 200;
const ACTIVE_PLANS = 50;
const ACTIVITIES = 20;
/** Sequential requests per figure: enough for a p99. */
const SAMPLES = Number(process.env.BENCH_CARE_PLANS_SAMPLES ?? 100);
const PARALLEL = 10;
const ROUNDS = 10;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const figures = (values: number[]) => ({
  p50: Number(percentile(values, 50).toFixed(1)),
  p99: Number(percentile(values, 99).toFixed(1)),
  max: Number(Math.max(...values).toFixed(1)),
});

/** The heavy patient's plans: PLANS of ACTIVITIES daily activities, the first ACTIVE_PLANS active. */
async function seedPlans(pool: pg.Pool, ownerId: string, patientId: string) {
  await pool.query(
    `insert into care_plans (owner_id, patient_id, title, status, activities, created_at)
     select $1::uuid, $2::uuid, 'Plan ' || g, case when g <= $4::int then 'active' else 'on-hold' end,
       (select jsonb_agg(jsonb_build_object('id', gen_random_uuid(), 'title', 'Activity ' || a,
          'rrule', 'FREQ=DAILY', 'start', to_char(current_date - 200, 'YYYY-MM-DD')))
        from generate_series(1, $5::int) a where g is not null),
       now() - (g || ' minutes')::interval
     from generate_series(1, $3::int) g`,
    [ownerId, patientId, PLANS, ACTIVE_PLANS, ACTIVITIES],
  );
  await pool.query('vacuum analyze care_plans');
}

export async function benchCarePlans() {
  console.log(
    `Care-plans bench: one patient, ${PLANS} plans x ${ACTIVITIES} daily activities (${ACTIVE_PLANS} plans active)`,
  );
  return withInProcessApi('care-plans', async ({ app, database, identity }) => {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const { idToken } = await identity.issueIdToken({
      email: 'care-plans@example.test',
      name: 'Bench Doctor',
    });
    const headers = { authorization: `Bearer ${idToken}` };
    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers });
    const { user } = (await login.json()) as { user: { _id: string } };
    await database.pool.query('update users set premium_member = true where id = $1', [user._id]);
    await insertBenchPatients(database.pool, user._id, 1);
    const {
      rows: [patient],
    } = await database.pool.query<{ id: string }>('select id from patients where owner_id = $1', [
      user._id,
    ]);
    await seedPlans(database.pool, user._id, patient!.id);

    const paths = {
      today: '/api/premier/today',
      timeline: `/api/records/patients/${patient!.id}/timeline?limit=20`,
    };
    const timed = async (path: string) => {
      const started = performance.now();
      const response = await fetch(`${url}${path}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      return performance.now() - started;
    };

    // The first read after the upgrade works out the due rows of the 50 active plans.
    const firstReadMs = await timed(paths.today);
    await database.pool.query('vacuum analyze care_plan_due');
    const { rows: dueRows } = await database.pool.query<{ rows: number }>(
      'select count(*)::int as rows from care_plan_due',
    );
    const today = (await (await fetch(`${url}${paths.today}`, { headers })).json()) as {
      items: unknown[];
      isTruncated: boolean;
    };

    const sample = async (path: string) => {
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i += 1) times.push(await timed(path));
      return figures(times);
    };
    const todayMs = await sample(paths.today);
    const timelineMs = await sample(paths.timeline);

    // A new day: the rows end yesterday, so the next read adds today's 1,000 occurrences.
    await database.pool.query(
      `delete from care_plan_due where occurs_on = current_date;
       update care_plans set due_through = current_date - 1, next_due_on = current_date
         where status = 'active'`,
    );
    const newDayFirstReadMs = await timed(paths.today);

    // The reminders sweep's care-plan step, with the rows up to date.
    await insertDueCarePlanReminders(database.db, { isEmailPending: false });
    const sweepStarted = performance.now();
    await insertDueCarePlanReminders(database.db, { isEmailPending: false });
    const sweepMs = performance.now() - sweepStarted;

    // Health while PARALLEL reads run at once, ROUNDS times, alternating Today and timeline.
    const health: number[] = [];
    const parallel: number[] = [];
    let isLoading = true;
    const probe = (async () => {
      while (isLoading) health.push(await timed('/api/health'));
    })();
    for (let round = 0; round < ROUNDS; round += 1) {
      const path = round % 2 === 0 ? paths.today : paths.timeline;
      parallel.push(...(await Promise.all(Array.from({ length: PARALLEL }, () => timed(path)))));
    }
    isLoading = false;
    await probe;

    const result = {
      seed: {
        plans: PLANS,
        activePlans: ACTIVE_PLANS,
        activitiesPerPlan: ACTIVITIES,
        dueRows: dueRows[0]!.rows,
      },
      todayItems: today.items.length,
      todayIsTruncated: today.isTruncated,
      firstReadAfterUpgradeMs: Number(firstReadMs.toFixed(1)),
      newDayFirstReadMs: Number(newDayFirstReadMs.toFixed(1)),
      sweepCarePlanStepMs: Number(sweepMs.toFixed(1)),
      todayMs,
      timelineMs,
      underParallel: {
        requests: PARALLEL,
        rounds: ROUNDS,
        requestMs: figures(parallel),
        healthMs: figures(health),
        healthSamples: health.length,
      },
    };
    printTable(
      `Care plans: ${PLANS} plans x ${ACTIVITIES} daily activities on one patient (wall ms; target ≤ 50)`,
      [
        {
          what: `GET /api/premier/today (${today.items.length} items), ${SAMPLES} in a row`,
          p50: todayMs.p50,
          p99: todayMs.p99,
        },
        {
          what: `GET …/timeline?limit=20, ${SAMPLES} in a row`,
          p50: timelineMs.p50,
          p99: timelineMs.p99,
        },
        {
          what: `${PARALLEL} at once (Today or timeline), ${ROUNDS} rounds: each request`,
          p50: result.underParallel.requestMs.p50,
          p99: result.underParallel.requestMs.p99,
        },
        {
          what: `GET /api/health meanwhile (${health.length} probes)`,
          p50: result.underParallel.healthMs.p50,
          p99: result.underParallel.healthMs.p99,
        },
        {
          what: `first read after the upgrade (${dueRows[0]!.rows} due rows built)`,
          p50: result.firstReadAfterUpgradeMs,
          p99: '',
        },
        {
          what: 'first read of a new day (1,000 occurrences added)',
          p50: result.newDayFirstReadMs,
          p99: '',
        },
        {
          what: "reminders sweep's care-plan step, rows up to date",
          p50: result.sweepCarePlanStepMs,
          p99: '',
        },
      ],
    );
    writeResult('care-plans', result);
    return result;
  });
}

if (import.meta.filename === process.argv[1]) await benchCarePlans();
