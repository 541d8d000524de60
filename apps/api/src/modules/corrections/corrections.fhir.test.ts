import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createAllergy } from '../../../test/factories/clinical.ts';
import { validationProblems, type Bundle, type Resource } from '../../../test/fhir-validation.ts';
import { linkedPatientOf } from '../my-health/my-health.factories.ts';
import { correctionsKit } from './corrections.factories.ts';

const ctx = useTestApp();
const { asked, answer } = correctionsKit(ctx);

const tasksOf = (bundle: Bundle) =>
  (bundle.entry ?? [])
    .map((entry) => entry.resource!)
    .filter((resource): resource is Resource => resource.resourceType === 'Task');

/** A linked patient with two requests: one about an allergy, accepted; one in general, open. */
async function recordWithRequests() {
  const linked = await linkedPatientOf(ctx);
  const { owner, person, patientId } = linked;
  const allergy = await createAllergy(ctx, owner.headers, patientId);
  const accepted = await asked(person.headers, patientId, {
    about: { kind: 'allergy', id: allergy._id },
    text: 'The reaction was a rash.',
  });
  const done = await answer(owner.headers, patientId, accepted._id, 'accept', {
    answer: 'Reaction changed to rash.',
  });
  expect(done.statusCode).toBe(200);
  const open = await asked(person.headers, patientId, { text: 'My surname is misspelt.' });
  return { ...linked, allergy, accepted: done.json(), open };
}

const expectedTasks = ({
  allergy,
  accepted,
  open,
  patientId,
}: Awaited<ReturnType<typeof recordWithRequests>>) => [
  expect.objectContaining({
    resourceType: 'Task',
    id: accepted._id,
    status: 'completed',
    intent: 'proposal',
    code: {
      coding: [
        expect.objectContaining({
          system: 'http://hl7.org/fhir/CodeSystem/task-code',
          code: 'change',
        }),
      ],
    },
    focus: { reference: `urn:uuid:${allergy._id}`, type: 'AllergyIntolerance' },
    for: { reference: `urn:uuid:${patientId}`, type: 'Patient' },
    description: 'The reaction was a rash.',
    note: [{ text: 'Reaction changed to rash.', time: accepted.answeredAt }],
    authoredOn: accepted.requestedAt,
    lastModified: accepted.answeredAt,
  }),
  expect.objectContaining({
    id: open._id,
    status: 'requested',
    description: 'My surname is misspelt.',
    lastModified: open.requestedAt,
  }),
];

describe('correction requests as FHIR R4 Tasks', () => {
  it('are in the linked patient’s record Bundle, valid, with the allergy as focus', async () => {
    const record = await recordWithRequests();
    const response = await ctx.app.inject({
      url: `/api/me/patients/${record.patientId}/record`,
      headers: record.person.headers,
    });
    expect(response.statusCode).toBe(200);
    const bundle = response.json() as Bundle;
    const tasks = tasksOf(bundle);
    expect(tasks).toHaveLength(2);
    // The record lists the requests newest first; the expectation is in the order they were made.
    expect([...tasks].reverse()).toEqual(expectedTasks(record));
    expect(tasks.find((task) => task.id === record.open._id)).not.toHaveProperty('focus');
    for (const task of tasks) expect(validationProblems(task)).toEqual([]);
    expect(validationProblems(bundle)).toEqual([]);
  });

  it('are in the practitioner’s FHIR export, valid, oldest first', async () => {
    const record = await recordWithRequests();
    const response = await ctx.app.inject({
      url: '/api/records/patients/export?format=fhir',
      headers: record.owner.headers,
    });
    expect(response.statusCode).toBe(200);
    const bundle = response.json() as Bundle;
    const tasks = tasksOf(bundle);
    expect(tasks).toEqual(expectedTasks(record));
    for (const task of tasks) {
      expect(task.owner).toEqual({
        reference: `urn:uuid:${record.owner.user._id}`,
        type: 'Practitioner',
      });
      expect(validationProblems(task)).toEqual([]);
    }
    expect(validationProblems(bundle)).toEqual([]);
  });

  it('the validator refuses a Task without its intent (so the checks above can fail)', () => {
    expect(() =>
      validationProblems({ resourceType: 'Task', id: 'x', status: 'requested' }),
    ).toThrow('Missing required property (Task.intent)');
  });
});
