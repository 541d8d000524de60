import { describe, expect, it } from 'vitest';
import type { TAuditEvent } from '@portal/shared/audit';
import type { TCarePlan } from '@portal/shared/care-plan';
import { ERRORS } from '@portal/shared/errors';
import type { TTimelineEntry } from '@portal/shared/timeline';
import { type AuthHeaders, useTestApp } from '../../../test/app.ts';
import { createCarePlan, markOccurrence } from '../../../test/factories/care-plans.ts';
import { timelineUrl, walkTimeline } from '../../../test/factories/timeline.ts';
import { createVisit } from '../../../test/factories/visits.ts';
import { practitioner } from '../../../test/patient-resources.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';

// Today is Wednesday 15 April 2026 (noon in UTC; the practitioners below are in Berlin).
const ctx = useTestApp({ deps: { now: () => new Date('2026-04-15T12:00:00Z') } });

const member = () => practitioner(ctx, { timeZone: 'Europe/Berlin', isMember: true });

const url = timelineUrl;

async function mark(
  headers: AuthHeaders,
  plan: TCarePlan,
  activity: number,
  date: string,
  value: string,
) {
  const response = await markOccurrence(ctx, headers, plan, {
    activityId: plan.activities[activity]!.id,
    date,
    mark: value,
  });
  expect(response.statusCode).toBe(200);
}

const walk = (headers: AuthHeaders, patientId: string, limit: number) =>
  walkTimeline(ctx, headers, patientId, limit);

/**
 * A member's patient with a visit and a plan: blood pressure weekly from 25 March (1 April
 * done, 8 April skipped, 15 April due, 25 March overdue, 22 April still ahead), a foot check
 * weekly from 8 April (overdue, then due today), an eye examination once on 1 October 2025
 * (beyond the 90 days looked back); and a completed plan, whose activities are never due.
 */
async function memberWithPlans() {
  const session = await member();
  const { headers, patient } = session;
  const plan = await createCarePlan(ctx, headers, patient._id, {
    title: 'Hypertension follow-up',
    activities: [
      { title: 'Blood pressure check', start: '2026-03-25', rrule: 'FREQ=WEEKLY' },
      { title: 'Foot check', start: '2026-04-08', rrule: 'FREQ=WEEKLY' },
      { title: 'Eye examination', start: '2025-10-01', rrule: '' },
    ],
  });
  await mark(headers, plan, 0, '2026-04-01', 'done');
  await mark(headers, plan, 0, '2026-04-08', 'skipped');
  await createCarePlan(ctx, headers, patient._id, {
    title: 'Finished plan',
    status: 'completed',
    activities: [{ title: 'Old check', start: '2026-04-10', rrule: '' }],
  });
  // At the same instant as today's activities (midnight in Berlin): ties are broken by item id.
  const visit = await createVisit(ctx, headers, patient._id, {
    occurredAt: '2026-04-14T22:00:00.000Z',
    reason: 'Blood pressure review',
  });
  return { ...session, plan, visit };
}

describe('care-plan activities in GET /api/records/patients/:id/timeline', () => {
  it("lists a member's due and overdue activities, dated at their due day, never done, skipped, later or older ones", async () => {
    const { headers, patient, plan, visit } = await memberWithPlans();
    const [pressure, foot] = plan.activities;
    const activity = (
      activityId: string,
      summary: string,
      at: string,
      dueOn: string,
      state: string,
    ) => ({
      kind: 'care-plan-activity',
      at,
      itemId: activityId,
      summary,
      detail: 'Hypertension follow-up',
      state,
      carePlanId: plan._id,
      dueOn,
    });
    const response = await ctx.app.inject({ url: url(patient._id), headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-total-count']).toBe('5');
    const entries = response.json() as TTimelineEntry[];
    const today = '2026-04-14T22:00:00.000Z';
    const sameInstant = [
      activity(pressure!.id, 'Blood pressure check', today, '2026-04-15', 'due'),
      activity(foot!.id, 'Foot check', today, '2026-04-15', 'due'),
      { kind: 'visit', at: today, itemId: visit._id, summary: 'Blood pressure review' },
    ].sort((a, b) => (a.itemId < b.itemId ? 1 : -1));
    expect(entries.map((entry) => entry.itemId)).toEqual([
      ...sameInstant.map((entry) => entry.itemId),
      foot!.id,
      pressure!.id,
    ]);
    expect(entries).toEqual(
      expect.arrayContaining([
        activity(pressure!.id, 'Blood pressure check', today, '2026-04-15', 'due'),
        activity(foot!.id, 'Foot check', today, '2026-04-15', 'due'),
        activity(foot!.id, 'Foot check', '2026-04-07T22:00:00.000Z', '2026-04-08', 'overdue'),
        // Before summer time: midnight in Berlin is 23:00 UTC.
        activity(
          pressure!.id,
          'Blood pressure check',
          '2026-03-24T23:00:00.000Z',
          '2026-03-25',
          'overdue',
        ),
      ]),
    );
    expect(entries).toHaveLength(5);
  });

  it('pages through care-plan and stored entries once each, in one order, whatever the page size', async () => {
    const { headers, patient } = await memberWithPlans();
    await createVisit(ctx, headers, patient._id, { occurredAt: '2026-04-08T09:00:00.000Z' });
    await createVisit(ctx, headers, patient._id, { occurredAt: '2026-03-01T09:00:00.000Z' });
    const whole = await walk(headers, patient._id, 200);
    expect(whole).toHaveLength(7);
    const response = await ctx.app.inject({ url: url(patient._id, '?limit=2'), headers });
    expect(response.headers['x-total-count']).toBe('7');
    for (const limit of [1, 2, 3, 4, 6]) {
      expect(await walk(headers, patient._id, limit), `limit ${limit}`).toEqual(whole);
    }
  });

  it('marking an occurrence done takes it off the timeline', async () => {
    const { headers, patient, plan } = await memberWithPlans();
    await mark(headers, plan, 1, '2026-04-15', 'done');
    const entries = (await ctx.app.inject({ url: url(patient._id), headers })).json();
    const footEntries = (entries as TTimelineEntry[]).filter(
      (entry) => entry.itemId === plan.activities[1]!.id,
    );
    expect(footEntries.map((entry) => entry.dueOn)).toEqual(['2026-04-08']);
  });

  it('leaves care-plan activities out for a non-member (never a 402), and audits one list', async () => {
    const { headers, patient, user } = await memberWithPlans();
    // Premium ended (a refund): the plans stay, the timeline stays open, without them.
    await ctx.database.pool.query('update users set premium_member = false where id = $1', [
      user._id,
    ]);
    const response = await ctx.app.inject({ url: url(patient._id), headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('1');
    expect((response.json() as TTimelineEntry[]).map((entry) => entry.kind)).toEqual(['visit']);
    const events: TAuditEvent[] = (
      await ctx.app.inject({ url: '/api/records/audit?limit=1', headers })
    ).json();
    expect(events[0]).toMatchObject({ action: 'list', outcome: 'success', patientId: patient._id });
  });

  it("answers 404 for another member's patient, whose activities are never shown", async () => {
    const owner = await memberWithPlans();
    const other = await member();
    const response = await ctx.app.inject({ url: url(owner.patient._id), headers: other.headers });
    expectErrorAnswer(response, 404, {
      code: 'PATIENT_NOT_FOUND',
      message: ERRORS.PATIENT_NOT_FOUND.message,
    });
    const own = await ctx.app.inject({ url: url(other.patient._id), headers: other.headers });
    expect(own.json()).toEqual([]);
  });
});
