import { describe, expect, it } from 'vitest';
import type { TToday } from '@portal/shared/care-plan';
import { useTestApp, type AuthHeaders } from '../../../test/app.ts';
import { createCarePlan, markOccurrence } from '../../../test/factories/care-plans.ts';
import { practitioner } from '../../../test/patient-resources.ts';
import { insertDueCarePlanReminders } from '../reminders/reminders.care-plans.ts';

// The app's clock, moved by the tests: 15 April 2026, noon UTC, unless a test says otherwise.
let clock = new Date('2026-04-15T12:00:00Z');
const ctx = useTestApp({ deps: { now: () => clock } });

const member = () => practitioner(ctx, { name: 'Amina Yusuf', isMember: true });

async function todayOf(headers: AuthHeaders): Promise<TToday> {
  const response = await ctx.app.inject({ url: '/api/premier/today', headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const daysOf = (today: TToday) => today.items.map((item) => `${item.activityTitle} ${item.date}`);

/** The reminders sweep, whose care-plan step brings every member's plans up to date. */
const sweep = () =>
  insertDueCarePlanReminders(ctx.database.db, { isEmailPending: false, now: clock });

/** How far each of the plans' due rows are worked out. */
async function dueThroughOf(...planIds: string[]): Promise<(string | null)[]> {
  const { rows } = await ctx.database.pool.query<{ id: string; due_through: string | null }>(
    `select id, to_char(due_through, 'YYYY-MM-DD') as due_through from care_plans where id = any($1)`,
    [planIds],
  );
  return planIds.map((id) => rows.find((row) => row.id === id)!.due_through);
}

/** The state right after the migration: the plan, no due rows, nothing worked out. */
async function forgetDueRows(planId: string) {
  await ctx.database.pool.query(`delete from care_plan_due where care_plan_id = $1`, [planId]);
  await ctx.database.pool.query(
    `update care_plans set due_through = null, next_due_on = null where id = $1`,
    [planId],
  );
}

/** Seven daily activities from 1 January: 637 due or overdue on 15 April, more than a page. */
const sevenDaily = (title: string) => ({
  title,
  activities: Array.from({ length: 7 }, (_, index) => ({
    title: `${title} ${index + 1}`,
    start: '2026-01-01',
    rrule: 'FREQ=DAILY',
  })),
});

describe('the stored due occurrences (Today, timeline and reminders read them)', () => {
  it('adds the occurrences of a new day without the plan being saved again', async () => {
    clock = new Date('2026-04-15T12:00:00Z');
    const { headers, patient } = await member();
    await createCarePlan(ctx, headers, patient._id, {
      activities: [
        { title: 'Blood pressure', start: '2026-04-14', rrule: 'FREQ=DAILY' },
        { title: 'Foot check', start: '2026-04-17', rrule: '' },
      ],
    });
    expect(daysOf(await todayOf(headers))).toEqual([
      'Blood pressure 2026-04-14',
      'Blood pressure 2026-04-15',
    ]);
    clock = new Date('2026-04-17T12:00:00Z');
    expect(daysOf(await todayOf(headers))).toEqual([
      'Blood pressure 2026-04-14',
      'Blood pressure 2026-04-15',
      'Blood pressure 2026-04-16',
      'Blood pressure 2026-04-17',
      'Foot check 2026-04-17',
    ]);
  });

  it('keeps the due items of a plan stored before the due rows existed (worked out on first use)', async () => {
    clock = new Date('2026-04-15T12:00:00Z');
    const { headers, patient } = await member();
    const plan = await createCarePlan(ctx, headers, patient._id);
    await forgetDueRows(plan._id);
    expect(daysOf(await todayOf(headers))).toEqual([
      'HbA1c test 2026-01-15',
      'Eye examination 2026-03-02',
      'HbA1c test 2026-04-15',
    ]);
  });

  it('reads the stored days once they are up to date, and a mark or its taking back changes them', async () => {
    clock = new Date('2026-04-15T12:00:00Z');
    const { headers, patient } = await member();
    const plan = await createCarePlan(ctx, headers, patient._id);
    // A rule changed behind the API's back is not expanded again: the stored days answer.
    await ctx.database.pool.query(
      `update care_plans set activities = jsonb_set(activities, '{0,rrule}', '"FREQ=DAILY"') where id = $1`,
      [plan._id],
    );
    expect(daysOf(await todayOf(headers))).toEqual([
      'HbA1c test 2026-01-15',
      'Eye examination 2026-03-02',
      'HbA1c test 2026-04-15',
    ]);
    const hba1c = plan.activities[0]!.id;
    const mark = (date: string, value: string) =>
      markOccurrence(ctx, headers, plan, { activityId: hba1c, date, mark: value });
    expect((await mark('2026-01-15', 'done')).statusCode).toBe(200);
    expect(daysOf(await todayOf(headers))).toEqual([
      'Eye examination 2026-03-02',
      'HbA1c test 2026-04-15',
    ]);
    expect((await mark('2026-01-15', 'due')).statusCode).toBe(200);
    expect(daysOf(await todayOf(headers))).toEqual([
      'HbA1c test 2026-01-15',
      'Eye examination 2026-03-02',
      'HbA1c test 2026-04-15',
    ]);
  });

  it('lists the oldest 500 and says the list is truncated', async () => {
    clock = new Date('2026-04-15T12:00:00Z');
    const { headers, patient } = await member();
    // Seven daily activities over the 91 days of the window: 637 due or overdue.
    await createCarePlan(ctx, headers, patient._id, {
      activities: Array.from({ length: 7 }, (_, index) => ({
        title: `Check ${index + 1}`,
        start: '2026-01-01',
        rrule: 'FREQ=DAILY',
      })),
    });
    const today = await todayOf(headers);
    expect(today.items).toHaveLength(500);
    expect(today.isTruncated).toBe(true);
    expect(today.items[0]).toMatchObject({ activityTitle: 'Check 1', date: '2026-01-15' });
    // 71 whole days (497 items) and three of the 72nd.
    expect(today.items.at(-1)).toMatchObject({ activityTitle: 'Check 3', date: '2026-03-27' });
    const dates = today.items.map((item) => item.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('works out on a read only the days the page shows, yet lists what a plan never worked out has due on them', async () => {
    clock = new Date('2026-04-15T12:00:00Z');
    const { headers, patient } = await member();
    // A plan whose stored rows fill the page, and one stored before the rows existed.
    const stored = await createCarePlan(ctx, headers, patient._id, sevenDaily('Stored'));
    const upgraded = await createCarePlan(ctx, headers, patient._id, {
      title: 'Upgraded',
      activities: [{ title: 'Walk', start: '2026-01-01', rrule: 'FREQ=DAILY' }],
    });
    await forgetDueRows(upgraded._id);

    const first = await todayOf(headers);
    expect(first.items).toHaveLength(500);
    expect(first.isTruncated).toBe(true);
    // Eight a day: 62 whole days (496 items) and four of the 63rd, the walk on each of them.
    expect(daysOf(first).slice(0, 8)).toEqual([
      ...Array.from({ length: 7 }, (_, index) => `Stored ${index + 1} 2026-01-15`),
      'Walk 2026-01-15',
    ]);
    expect(first.items.at(-1)).toMatchObject({ activityTitle: 'Stored 4', date: '2026-03-18' });
    expect(daysOf(first).filter((day) => day.startsWith('Walk'))).toHaveLength(62);
    // Worked out through the page's last day (or a little further), not through today: the
    // sweep does the rest.
    const [, upgradedThrough] = await dueThroughOf(stored._id, upgraded._id);
    expect(upgradedThrough! >= '2026-03-18' && upgradedThrough! < '2026-04-01').toBe(true);

    await sweep();
    expect(await dueThroughOf(stored._id, upgraded._id)).toEqual(['2026-04-15', '2026-04-15']);
    expect(await todayOf(headers)).toEqual(first);
  });

  it('leaves the work of a new day to the sweep when the page is full of older days, and lists it once the page reaches today', async () => {
    clock = new Date('2026-04-15T12:00:00Z');
    const { headers, patient } = await member();
    const plan = await createCarePlan(ctx, headers, patient._id, sevenDaily('Daily'));
    clock = new Date('2026-04-16T12:00:00Z');
    const full = await todayOf(headers);
    expect(full.items[0]).toMatchObject({ activityTitle: 'Daily 1', date: '2026-01-16' });
    expect(full.items.at(-1)).toMatchObject({ activityTitle: 'Daily 3', date: '2026-03-28' });
    expect(await dueThroughOf(plan._id)).toEqual(['2026-04-15']);

    // Everything up to 12 April done: the page now reaches today, whose items must be there.
    await ctx.database.pool.query(
      `delete from care_plan_due where care_plan_id = $1 and occurs_on <= '2026-04-12'`,
      [plan._id],
    );
    const short = await todayOf(headers);
    expect(short.isTruncated).toBe(false);
    expect(short.items.map((item) => item.date)).toEqual([
      ...Array<string>(7).fill('2026-04-13'),
      ...Array<string>(7).fill('2026-04-14'),
      ...Array<string>(7).fill('2026-04-15'),
      ...Array<string>(7).fill('2026-04-16'),
    ]);
    expect(await dueThroughOf(plan._id)).toEqual(['2026-04-16']);
  });

  it('brings every plan of a member up to today in one sweep, however far behind', async () => {
    clock = new Date('2026-04-15T12:00:00Z');
    const { patient, headers } = await member();
    const plan = await createCarePlan(ctx, headers, patient._id, sevenDaily('Swept'));
    await forgetDueRows(plan._id);
    await sweep();
    expect(await dueThroughOf(plan._id)).toEqual(['2026-04-15']);
    const { rows } = await ctx.database.pool.query<{ rows: number }>(
      `select count(*)::int as rows from care_plan_due where care_plan_id = $1`,
      [plan._id],
    );
    // 91 days of the window, seven a day.
    expect(rows[0]!.rows).toBe(637);
  });
});
