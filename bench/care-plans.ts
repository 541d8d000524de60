// Care plans at their heaviest: one patient with 200 care plans of 20 daily activities each
// (4,000 activities, started 200 days ago, none marked), seeded in SQL because the API admits
// at most 50 active plans per patient: 50 active, 150 on hold. The API is built in-process from
// the sources and listens on 127.0.0.1; its own reminders job is held off (one run at start, the
// next an hour later) so that the bench runs the sweep's care-plan step itself, when it says.
// Prints the wall time (p50, p99) of `GET /api/premier/today` and of the patient's timeline; the
// first read after the upgrade (no due rows stored yet) and the sweep that then works out the
// rest; the first read of a new day and the sweep's new day; the sweep with the rows up to date;
// and `/api/health`'s latency while each sweep runs and while 10 connections read Today, then the
// timeline, as fast as they are answered (autocannon, in its own process, BENCH_CARE_PLANS_SECONDS
// each, 5 by default). Targets: Today and timeline <= 50 ms, health <= 50 ms meanwhile.
//   npm run care-plans -w bench      (also part of `npm run bench`)
import os from 'node:os';
import type pg from 'pg';
import { insertDueCarePlanReminders } from '../apps/api/src/modules/reminders/reminders.care-plans.ts';
import { insertBenchPatients } from './lib/database.ts';
import { withInProcessApi } from './lib/in-process-api.ts';
import { runLoad, type LoadResult } from './lib/load.ts';
import { printTable, writeResult } from './lib/portal.ts';

const PLANS = 200;
const ACTIVE_PLANS = 50;
const ACTIVITIES = 20;
/** Sequential requests per figure: enough for a p99. */
const SAMPLES = Number(process.env.BENCH_CARE_PLANS_SAMPLES ?? 100);
/** Connections reading at once, and for how long on each of Today and the timeline. */
const PARALLEL = 10;
const PARALLEL_SECONDS = Number(process.env.BENCH_CARE_PLANS_SECONDS ?? 5);

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

/** Waits until the app's reminders job has had its run at start, so it runs no more meanwhile. */
async function waitForFirstSweep(pool: pg.Pool) {
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await pool.query<{ done: number }>(
      `select count(*)::int as done from pgboss.job
       where name = 'reminders-sweep' and state in ('completed', 'failed')`,
    );
    if (rows[0]!.done > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the reminders job did not run at start');
}

export async function benchCarePlans() {
  console.log(
    `Care-plans bench: one patient, ${PLANS} plans x ${ACTIVITIES} daily activities (${ACTIVE_PLANS} plans active)`,
  );
  const sweepSeconds = process.env.REMINDERS_SWEEP_SECONDS;
  process.env.REMINDERS_SWEEP_SECONDS = '3600';
  const loadBefore = os.loadavg()[0]!;
  try {
    return await measureCarePlans(loadBefore);
  } finally {
    if (sweepSeconds === undefined) delete process.env.REMINDERS_SWEEP_SECONDS;
    else process.env.REMINDERS_SWEEP_SECONDS = sweepSeconds;
  }
}

function measureCarePlans(loadBefore: number) {
  return withInProcessApi('care-plans', async ({ app, database, identity }) => {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    await waitForFirstSweep(database.pool);
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

    /** Health's latency, probed one after the other while `work` runs. */
    const healthWhile = async <T>(work: () => Promise<T>) => {
      const health: number[] = [];
      let isRunning = true;
      const probe = (async () => {
        while (isRunning) health.push(await timed('/api/health'));
      })();
      const started = performance.now();
      try {
        await work();
      } finally {
        isRunning = false;
      }
      const ms = Number((performance.now() - started).toFixed(1));
      await probe;
      return { ms, healthMs: figures(health), healthSamples: health.length };
    };
    const countDueRows = async () => {
      const { rows } = await database.pool.query<{ rows: number }>(
        'select count(*)::int as rows from care_plan_due',
      );
      return rows[0]!.rows;
    };
    const runSweep = () => insertDueCarePlanReminders(database.db, { isEmailPending: false });

    // The first read after the upgrade works out what its page shows; the sweep the rest.
    const firstReadMs = await timed(paths.today);
    const firstReadRows = await countDueRows();
    const upgradeSweep = await healthWhile(runSweep);
    await database.pool.query('vacuum analyze care_plan_due');
    const dueRows = await countDueRows();
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

    // A new day: the rows end yesterday. The first read's page is full of older days, so it
    // adds nothing; the sweep adds today's 1,000 occurrences.
    await database.pool.query(
      `delete from care_plan_due where occurs_on = current_date;
       update care_plans set due_through = current_date - 1, next_due_on = current_date
         where status = 'active'`,
    );
    const newDayFirstReadMs = await timed(paths.today);
    const newDaySweep = await healthWhile(runSweep);

    // The sweep's care-plan step with the rows up to date.
    const sweepMs = (await healthWhile(runSweep)).ms;

    // Health while PARALLEL connections read as fast as they are answered, first Today, then the
    // timeline. The readers run in their own process (autocannon, as the load benches do): a
    // client on the API's event loop would queue health behind its own work on the answers.
    const loads: Record<'today' | 'timeline', LoadResult> = {} as never;
    const underParallel = await healthWhile(async () => {
      for (const name of ['today', 'timeline'] as const)
        loads[name] = await runLoad({
          url: `${url}${paths[name]}`,
          headers,
          connections: PARALLEL,
          seconds: PARALLEL_SECONDS,
        });
    });
    for (const [name, load] of Object.entries(loads))
      if (load.non2xx > 0 || load.errors > 0)
        throw new Error(`${name} under load: ${load.non2xx} non-2xx, ${load.errors} errors`);

    const result = {
      loadAverage: { before: loadBefore, after: os.loadavg()[0]! },
      seed: {
        plans: PLANS,
        activePlans: ACTIVE_PLANS,
        activitiesPerPlan: ACTIVITIES,
        dueRows,
      },
      todayItems: today.items.length,
      todayIsTruncated: today.isTruncated,
      firstReadAfterUpgradeMs: Number(firstReadMs.toFixed(1)),
      firstReadAfterUpgradeRows: firstReadRows,
      upgradeSweep,
      newDayFirstReadMs: Number(newDayFirstReadMs.toFixed(1)),
      newDaySweep,
      sweepCarePlanStepMs: sweepMs,
      todayMs,
      timelineMs,
      underParallel: {
        connections: PARALLEL,
        secondsEach: PARALLEL_SECONDS,
        today: loads.today,
        timeline: loads.timeline,
        healthMs: underParallel.healthMs,
        healthSamples: underParallel.healthSamples,
      },
    };
    printTable(
      `Care plans: ${PLANS} plans x ${ACTIVITIES} daily activities on one patient (wall ms; target ≤ 50; load average ${loadBefore.toFixed(1)} before, ${result.loadAverage.after.toFixed(1)} after)`,
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
        ...(['today', 'timeline'] as const).map((name) => ({
          what: `${name}, ${PARALLEL} connections for ${PARALLEL_SECONDS} s (${loads[name].requestsPerSecond} req/s)`,
          p50: loads[name].p50,
          p99: loads[name].p99,
        })),
        {
          what: `GET /api/health meanwhile (${underParallel.healthSamples} probes)`,
          p50: underParallel.healthMs.p50,
          p99: underParallel.healthMs.p99,
        },
        {
          what: `first read after the upgrade (${firstReadRows} due rows built)`,
          p50: result.firstReadAfterUpgradeMs,
          p99: '',
        },
        {
          what: `then the sweep (${dueRows} due rows in all)`,
          p50: upgradeSweep.ms,
          p99: '',
        },
        {
          what: `GET /api/health during that sweep (${upgradeSweep.healthSamples} probes)`,
          p50: upgradeSweep.healthMs.p50,
          p99: upgradeSweep.healthMs.p99,
        },
        {
          what: 'first read of a new day (page full of older days)',
          p50: result.newDayFirstReadMs,
          p99: '',
        },
        {
          what: "the sweep's new day (1,000 occurrences added)",
          p50: newDaySweep.ms,
          p99: '',
        },
        {
          what: `GET /api/health during that sweep (${newDaySweep.healthSamples} probes)`,
          p50: newDaySweep.healthMs.p50,
          p99: newDaySweep.healthMs.p99,
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
