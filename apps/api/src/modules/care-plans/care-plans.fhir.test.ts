import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createCarePlan } from '../../../test/factories/care-plans.ts';
import { exportBundle, expectValidatorRequires } from '../../../test/fhir-export.ts';
import { validationProblems } from '../../../test/fhir-validation.ts';
import { practitioner } from '../../../test/patient-resources.ts';

const ctx = useTestApp();

describe('GET /api/records/patients/export?format=fhir (care plans)', () => {
  it('adds a valid CarePlan per plan, goals contained, activities once or by their RRULE', async () => {
    const { headers, patient } = await practitioner(ctx, { name: 'Dr Lena Weber', isMember: true });
    const plan = await createCarePlan(ctx, headers, patient._id);
    const bare = await createCarePlan(ctx, headers, patient._id, {
      title: 'Rest',
      status: 'completed',
      goals: [],
      activities: [],
    });
    const entries = (await exportBundle(ctx, headers)).entry!;
    const plans = entries.filter((entry) => entry.resource!.resourceType === 'CarePlan');
    expect(plans.map((entry) => entry.resource!.id)).toEqual([plan._id, bare._id]);
    for (const entry of plans) expect(validationProblems(entry.resource!)).toEqual([]);
    const goalId = `goal-${plan.goals[0]!.id}`;
    expect(plans[0]!.resource).toMatchObject({
      status: 'active',
      intent: 'plan',
      title: 'Type 2 diabetes follow-up',
      subject: { reference: `urn:uuid:${patient._id}` },
      author: { display: 'Dr Lena Weber' },
      contained: [
        {
          resourceType: 'Goal',
          id: goalId,
          description: { text: 'HbA1c below 7%' },
          target: [{ dueDate: '2026-12-31' }],
        },
      ],
      goal: [{ reference: `#${goalId}` }],
      activity: [
        {
          detail: {
            status: 'scheduled',
            description: 'HbA1c test',
            scheduledTiming: {
              event: ['2026-01-15'],
              code: { text: 'RRULE:FREQ=MONTHLY;INTERVAL=3' },
            },
          },
        },
        { detail: { description: 'Eye examination', scheduledPeriod: { start: '2026-03-02' } } },
      ],
    });
    expect(plans[1]!.resource).toMatchObject({ status: 'completed' });
    expect(plans[1]!.resource!.activity).toBeUndefined();
  });

  it("exports a former member's plans as recorded, each activity's status its plan's, and no tracking state", async () => {
    const { headers, patient, user } = await practitioner(ctx, { isMember: true });
    const active = await createCarePlan(ctx, headers, patient._id);
    const onHold = await createCarePlan(ctx, headers, patient._id, { status: 'on-hold' });
    // A refund ends premium: Today and the reminders stop, the plans stay the practitioner's.
    await ctx.database.pool.query(`update users set premium_member = false where id = $1`, [
      user._id,
    ]);
    const entries = (await exportBundle(ctx, headers)).entry!;
    const plans = entries
      .filter((entry) => entry.resource!.resourceType === 'CarePlan')
      .map((entry) => entry.resource!);
    expect(plans.map((plan) => [plan.id, plan.status])).toEqual([
      [active._id, 'active'],
      [onHold._id, 'on-hold'],
    ]);
    const statuses = (plan: (typeof plans)[number]) =>
      (plan.activity as { detail: { status: string } }[]).map((activity) => activity.detail.status);
    expect(statuses(plans[0]!)).toEqual(['scheduled', 'scheduled']);
    expect(statuses(plans[1]!)).toEqual(['on-hold', 'on-hold']);
    for (const plan of plans) {
      expect(validationProblems(plan)).toEqual([]);
      expect(Object.keys(plan).sort()).toEqual([
        'activity',
        'author',
        'contained',
        'created',
        'goal',
        'id',
        'intent',
        'meta',
        'resourceType',
        'status',
        'subject',
        'title',
      ]);
    }
  });

  it('the validator refuses a CarePlan without a subject', () => {
    expectValidatorRequires(
      { resourceType: 'CarePlan', status: 'active', intent: 'plan', subject: { display: 'Amina' } },
      'subject',
    );
  });
});
