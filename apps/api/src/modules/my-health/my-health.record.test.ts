import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/shared/errors';
import { practiceInput, storedPractice } from '@portal/shared/practice.factories';
import { signIn, useTestApp } from '../../../test/app.ts';
import { createAppointment } from '../../../test/factories/appointments.ts';
import { createCarePlan } from '../../../test/factories/care-plans.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import { createVisit, signVisit } from '../../../test/factories/visits.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';
import { validationProblems, type Bundle } from '../../../test/fhir-validation.ts';
import { practitioner } from '../../../test/patient-resources.ts';
import { API_KINDS } from '../../kinds/registry.ts';
import { linkPatient, myUrl } from './my-health.factories.ts';

const ctx = useTestApp({ deps: { now: () => new Date('2026-03-01T08:00:00.000Z') } });

/** What the practitioner wrote that the linked person must never receive. */
const HIDDEN = [
  'DRAFT-NOTE-TEXT',
  'PRIVATE-NOTE-TEXT',
  'OLD-NOTE-TEXT',
  'APPOINTMENT-NOTE-TEXT',
  'APPOINTMENT-REASON-TEXT',
  'STOP-REASON-TEXT',
  'PERFORMER-NOTE-TEXT',
  'GOAL-TEXT',
  'Bruno Costa',
];

/**
 * A linked patient's record with something of every kind, and beside it what the screens keep
 * back: a draft, a private note, the agenda's note and reason, a stop reason, a performer note,
 * a goal, and another patient of the same practitioner with items of their own.
 */
async function recordOfEveryKind() {
  const owner = await practitioner(ctx, { name: 'Dr Lena Hoffmann', isMember: true });
  const patientId = owner.patient._id;
  const base = `/api/records/patients/${patientId}`;
  const post = async (url: string, payload: object) => {
    const response = await ctx.app.inject({ method: 'POST', url, headers: owner.headers, payload });
    expect(response.statusCode, url).toBeLessThan(300);
    return response.json();
  };
  const practice = await ctx.app.inject({
    method: 'PUT',
    url: '/api/user/practice',
    headers: owner.headers,
    payload: practiceInput(),
  });
  expect(practice.statusCode).toBe(200);
  for (const start of ['2026-02-10T09:00:00.000Z', '2026-03-09T09:00:00.000Z'])
    await createAppointment(ctx, owner.headers, {
      patientId,
      start,
      note: 'APPOINTMENT-NOTE-TEXT',
      reason: 'APPOINTMENT-REASON-TEXT',
    });
  await createVisit(ctx, owner.headers, patientId, { subjective: 'DRAFT-NOTE-TEXT' });
  const kept = await signVisit(
    ctx,
    owner.headers,
    await createVisit(ctx, owner.headers, patientId, { subjective: 'PRIVATE-NOTE-TEXT' }),
  );
  await ctx.app.inject({
    method: 'PUT',
    url: `${base}/visits/${kept._id}/sharing`,
    headers: owner.headers,
    payload: { sharing: 'private' },
  });
  // Signed before the person was linked, sharing left at its default: not shared.
  const older = await signVisit(
    ctx,
    owner.headers,
    await createVisit(ctx, owner.headers, patientId, { subjective: 'OLD-NOTE-TEXT' }),
  );
  await ctx.database.pool.query('update visits set signed_at = $2 where id = $1', [
    older._id,
    '2025-12-01T09:00:00Z',
  ]);
  const shared = await signVisit(
    ctx,
    owner.headers,
    await createVisit(ctx, owner.headers, patientId, {
      subjective: 'Wheezing at night <worse> & coughing',
      plan: 'Inhaler twice a day',
    }),
  );
  await post(`${base}/visits/${shared._id}/addenda`, { text: 'Spirometry normal' });
  const prescription = await post(`${base}/prescriptions`, API_KINDS[1]!.example.body());
  await post(`${base}/prescriptions/${prescription._id}/stop`, { reason: 'STOP-REASON-TEXT' });
  await post(`${base}/allergies`, API_KINDS[0]!.example.body());
  await post(`${base}/immunizations`, {
    ...API_KINDS[3]!.example.body(),
    performerNote: 'PERFORMER-NOTE-TEXT',
  });
  await createCarePlan(ctx, owner.headers, patientId, {
    title: 'Asthma action plan',
    goals: [{ text: 'GOAL-TEXT', targetDate: '2026-12-31' }],
    activities: [{ title: 'Peak flow reading', start: '2026-02-01', rrule: 'FREQ=DAILY' }],
  });
  const sibling = await createPatient(ctx, owner.headers, { name: 'Bruno Costa' });
  await createAppointment(ctx, owner.headers, {
    patientId: sibling._id,
    start: '2026-03-10T09:00:00.000Z',
  });
  await post(`/api/records/patients/${sibling._id}/allergies`, API_KINDS[0]!.example.body());
  const person = await signIn(ctx, { name: 'Ana Lima' });
  await linkPatient(ctx, {
    ownerId: owner.user._id,
    patientId,
    userId: person.user._id,
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
  });
  const get = (...path: string[]) =>
    ctx.app.inject({ url: myUrl(patientId, ...path), headers: person.headers });
  return { owner, person, patientId, shared, kept, get };
}

type Entry = NonNullable<Bundle['entry']>[number];
const resourcesOf = (bundle: Bundle) => (bundle.entry ?? []).map((entry: Entry) => entry.resource!);

describe('GET /api/me/patients/:patientId/record', () => {
  it('answers a valid FHIR R4 collection Bundle to download, no-store, audited as one read', async () => {
    const { person, patientId, get } = await recordOfEveryKind();
    const response = await get('record');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="my-record.json"');
    expect(response.headers['cache-control']).toBe('no-store');
    const bundle = response.json() as Bundle;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(validationProblems(bundle)).toEqual([]);
    for (const resource of resourcesOf(bundle))
      expect(validationProblems(resource), resource.resourceType).toEqual([]);
    expect(
      resourcesOf(bundle)
        .map((resource) => resource.resourceType)
        .sort(),
    ).toEqual(
      [
        'Patient',
        'Practitioner',
        'Appointment',
        'Appointment',
        // Three signed visits, each with its seven vital signs (blood pressure as one panel).
        ...['Encounter', ...Array<string>(7).fill('Observation')],
        ...['Encounter', ...Array<string>(7).fill('Observation')],
        ...['Encounter', ...Array<string>(7).fill('Observation')],
        'Composition',
        'MedicationRequest',
        'AllergyIntolerance',
        'Immunization',
        'CarePlan',
      ].sort(),
    );
    const { rows } = await ctx.database.pool.query(
      'select patient_id, action, outcome from audit_events where actor_id = $1',
      [person.user._id],
    );
    expect(rows).toEqual([{ patient_id: patientId, action: 'read', outcome: 'success' }]);
  });

  it('holds every item the screens answer and nothing they keep back', async () => {
    const { patientId, shared, get } = await recordOfEveryKind();
    const bundle = (await get('record')).json() as Bundle;
    const screens: string[] = [];
    const { upcoming, past } = (await get('appointments')).json();
    for (const item of [...upcoming, ...past]) screens.push(item._id);
    for (const segment of ['visits', 'prescriptions', 'allergies', 'immunizations', 'care-plans'])
      for (const item of (await get(segment)).json().items) screens.push(item._id);
    const items = resourcesOf(bundle).filter(
      (resource) =>
        !['Patient', 'Practitioner', 'Observation', 'Composition'].includes(resource.resourceType),
    );
    expect(items.map((resource) => resource.id).sort()).toEqual(screens.sort());
    const text = JSON.stringify(bundle);
    for (const hidden of HIDDEN) expect(text, hidden).not.toContain(hidden);
    const practice = storedPractice();
    expect(text).not.toContain(practice.registrationNumber);
    // Notes only of the shared visit, escaped as narrative, with its addendum.
    const notes = resourcesOf(bundle).filter((resource) => resource.resourceType === 'Composition');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ encounter: { reference: `urn:uuid:${shared._id}` } });
    expect(JSON.stringify(notes[0])).toContain('Wheezing at night &lt;worse&gt; &amp; coughing');
    expect(JSON.stringify(notes[0])).toContain('Spirometry normal');
    const patient = resourcesOf(bundle).find((resource) => resource.resourceType === 'Patient');
    expect(patient).toEqual({
      resourceType: 'Patient',
      id: patientId,
      active: true,
      name: [{ text: 'Amina Yusuf' }],
    });
    const doctor = resourcesOf(bundle).find((resource) => resource.resourceType === 'Practitioner');
    expect(doctor).toMatchObject({
      name: [{ text: 'Dr Lena Hoffmann' }],
      telecom: [{ system: 'phone', value: practice.phone, use: 'work' }],
      address: [{ city: practice.city }],
    });
    const plan = resourcesOf(bundle).find((resource) => resource.resourceType === 'CarePlan');
    expect(plan).toMatchObject({
      title: 'Asthma action plan',
      activity: [
        {
          detail: {
            status: 'scheduled',
            description: 'Peak flow reading',
            scheduledPeriod: { start: '2026-03-01', end: '2026-03-01' },
          },
        },
      ],
    });
  });

  it('answers 404 LINK_NOT_FOUND to a person without a link, and audits nothing as read', async () => {
    const { patientId } = await recordOfEveryKind();
    const stranger = await signIn(ctx);
    expectErrorAnswer(
      await ctx.app.inject({ url: myUrl(patientId, 'record'), headers: stranger.headers }),
      404,
      { code: 'LINK_NOT_FOUND', message: ERRORS.LINK_NOT_FOUND.message },
    );
    const { rows } = await ctx.database.pool.query(
      'select action, outcome from audit_events where actor_id = $1',
      [stranger.user._id],
    );
    expect(rows).toEqual([{ action: 'read', outcome: 'denied' }]);
  });
});
