import { describe, expect, it } from 'vitest';
import type { TToday } from '@portal/shared/care-plan';
import { useTestApp, type AuthHeaders } from '../../../test/app.ts';
import { createCarePlan, markOccurrence } from '../../../test/factories/care-plans.ts';
import { practitioner } from '../../../test/patient-resources.ts';

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
    // The state right after the migration: the plan, no due rows, nothing worked out.
    await ctx.database.pool.query(`delete from care_plan_due where care_plan_id = $1`, [plan._id]);
    await ctx.database.pool.query(
      `update care_plans set due_through = null, next_due_on = null where id = $1`,
      [plan._id],
    );
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
});
