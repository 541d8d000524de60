import { describe, expect, it } from 'vitest';
import type { TReminderList } from '@portal/shared/reminder';
import { type AuthHeaders, useTestApp } from '../../../test/app.ts';
import { createCarePlan, markOccurrence, putCarePlan } from '../../../test/factories/care-plans.ts';
import { practitioner } from '../../../test/patient-resources.ts';
import { REMINDER_SWEEP_STEPS } from './reminders.jobs.ts';
import { insertDueCarePlanReminders } from './reminders.care-plans.ts';

/** Noon UTC on 15 June 2026: 'today' for a practitioner whose clock is UTC. */
const NOW = new Date('2026-06-15T12:00:00Z');
const ctx = useTestApp({ deps: { now: () => NOW } });
const sweep = () =>
  insertDueCarePlanReminders(ctx.database.db, { isEmailPending: false, now: NOW });

async function remindersOf(headers: AuthHeaders): Promise<TReminderList> {
  const response = await ctx.app.inject({ url: '/api/reminders', headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('care-plan reminders (the reminders sweep)', () => {
  it('is one of the sweep’s steps', () => {
    expect(REMINDER_SWEEP_STEPS).toHaveLength(3);
  });

  it('reminds once of each activity due today and not marked, for members only', async () => {
    const { headers, patient } = await practitioner(ctx, { isMember: true });
    const plan = await createCarePlan(ctx, headers, patient._id, {
      activities: [
        { title: 'Blood test', start: '2026-06-15', rrule: '' },
        { title: 'HbA1c test', start: '2026-03-15', rrule: 'FREQ=MONTHLY;INTERVAL=3' },
        { title: 'Eye examination', start: '2026-06-16', rrule: '' },
        { title: 'Foot check', start: '2026-06-15', rrule: '' },
      ],
    });
    const [bloodTest, hba1c, , footCheck] = plan.activities;
    const marked = await markOccurrence(ctx, headers, plan, {
      activityId: footCheck!.id,
      date: '2026-06-15',
      mark: 'done',
    });
    expect(marked.statusCode).toBe(200);

    expect(await sweep()).toBe(2);
    // Repeated (a retried job, a second instance): nothing more.
    expect(await sweep()).toBe(0);
    const { reminders } = await remindersOf(headers);
    expect(
      reminders.map(({ source, sourceId, eventAt }) => ({ source, sourceId, eventAt })),
    ).toEqual(
      expect.arrayContaining([
        {
          source: 'care-plan-activity',
          sourceId: bloodTest!.id,
          eventAt: '2026-06-15T00:00:00.000Z',
        },
        { source: 'care-plan-activity', sourceId: hba1c!.id, eventAt: '2026-06-15T00:00:00.000Z' },
      ]),
    );
    expect(reminders).toHaveLength(2);

    // Premium ended (a refund): no more care-plan reminders.
    await ctx.database.pool.query(
      `update users set premium_member = false where id = (select owner_id from care_plans where id = $1)`,
      [plan._id],
    );
    await ctx.database.pool.query(`delete from reminders where source_id = $1`, [bloodTest!.id]);
    expect(await sweep()).toBe(0);
  });

  it('names the activity and its plan in the answer, and neither once the activity is removed', async () => {
    const { headers, patient } = await practitioner(ctx, { isMember: true });
    const plan = await createCarePlan(ctx, headers, patient._id, {
      activities: [{ title: 'HbA1c test', start: '2026-06-15', rrule: '' }],
    });
    expect(await sweep()).toBe(1);
    expect((await remindersOf(headers)).reminders).toEqual([
      expect.objectContaining({
        source: 'care-plan-activity',
        sourceId: plan.activities[0]!.id,
        carePlanId: plan._id,
        activityTitle: 'HbA1c test',
      }),
    ]);

    const replaced = await putCarePlan(ctx, headers, plan, {
      activities: [{ title: 'Eye examination', start: '2026-06-20', rrule: '' }],
    });
    expect(replaced.statusCode).toBe(200);
    expect((await remindersOf(headers)).reminders).toEqual([
      expect.objectContaining({ carePlanId: null, activityTitle: null }),
    ]);
  });
});
