import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/shared/errors';
import { practiceInput } from '@portal/shared/practice.factories';
import { signIn, useTestApp } from '../../../test/app.ts';
import { createAppointment } from '../../../test/factories/appointments.ts';
import { createCarePlan } from '../../../test/factories/care-plans.ts';
import { createVisit, signVisit } from '../../../test/factories/visits.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';
import { practitioner } from '../../../test/patient-resources.ts';
import { API_KINDS } from '../../kinds/registry.ts';
import { auditEventsBy, endLink, linkPatient, myUrl } from './my-health.factories.ts';

const ctx = useTestApp({ deps: { now: () => new Date('2026-03-01T08:00:00.000Z') } });

/** Every screen of the patient's, by its path below the record. */
const SCREENS = [
  [],
  ['appointments'],
  ['visits'],
  ['vitals'],
  ['allergies'],
  ['prescriptions'],
  ['immunizations'],
  ['care-plans'],
];

const previewUrl = (patientId: string, ...path: string[]) =>
  [`/api/records/patients/${patientId}/patient-view`, ...path].join('/');

/**
 * A record with something on every screen and visits of every sharing: one signed after the
 * link (shared by default), one signed before it but set to shared, one kept private, a draft.
 */
async function seededRecord() {
  const owner = await practitioner(ctx, { name: 'Dr Lena Hoffmann', isMember: true });
  const patientId = owner.patient._id;
  const base = `/api/records/patients/${patientId}`;
  const send = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const response = await ctx.app.inject({ method, url, headers: owner.headers, payload });
    expect(response.statusCode, url).toBeLessThan(300);
    return response.json();
  };
  await send('PUT', '/api/user/practice', practiceInput());
  await createAppointment(ctx, owner.headers, { patientId, start: '2026-03-09T09:00:00.000Z' });
  await createAppointment(ctx, owner.headers, { patientId, start: '2026-02-10T09:00:00.000Z' });
  await createVisit(ctx, owner.headers, patientId, { subjective: 'DRAFT-NOTE-TEXT' });
  const signed = async (subjective: string) =>
    signVisit(ctx, owner.headers, await createVisit(ctx, owner.headers, patientId, { subjective }));
  await signed('DEFAULT-NOTE-TEXT');
  const opened = await signed('OPENED-NOTE-TEXT');
  await ctx.database.pool.query('update visits set signed_at = $2 where id = $1', [
    opened._id,
    '2025-12-01T09:00:00Z',
  ]);
  await send('PUT', `${base}/visits/${opened._id}/sharing`, { sharing: 'shared' });
  const kept = await signed('PRIVATE-NOTE-TEXT');
  await send('PUT', `${base}/visits/${kept._id}/sharing`, { sharing: 'private' });
  await send('POST', `${base}/prescriptions`, API_KINDS[1]!.example.body());
  await send('POST', `${base}/allergies`, API_KINDS[0]!.example.body());
  await send('POST', `${base}/immunizations`, API_KINDS[3]!.example.body());
  await createCarePlan(ctx, owner.headers, patientId, {
    title: 'Asthma action plan',
    goals: [],
    activities: [{ title: 'Peak flow reading', start: '2026-02-01', rrule: 'FREQ=DAILY' }],
  });
  const preview = (...path: string[]) =>
    ctx.app.inject({ url: previewUrl(patientId, ...path), headers: owner.headers });
  return { owner, patientId, preview };
}

describe('GET /api/records/patients/:id/patient-view/…', () => {
  it('answers every screen byte for byte as the linked patient receives it, no-store', async () => {
    const { owner, patientId, preview } = await seededRecord();
    const person = await signIn(ctx, { name: 'Ana Lima' });
    await linkPatient(ctx, {
      ownerId: owner.user._id,
      patientId,
      userId: person.user._id,
      createdAt: new Date('2026-01-01T00:00:00.000Z'),
    });
    for (const path of SCREENS) {
      const label = path.join('/') || 'card';
      const mine = await ctx.app.inject({
        url: myUrl(patientId, ...path),
        headers: person.headers,
      });
      const previewed = await preview(...path);
      expect(mine.statusCode, label).toBe(200);
      expect(previewed.statusCode, label).toBe(200);
      expect(previewed.headers['cache-control'], label).toBe('no-store');
      expect(previewed.body, label).toBe(mine.body);
    }
    const visits = (await preview('visits')).json().items as {
      notes: { subjective: string } | null;
    }[];
    expect(visits.flatMap((visit) => (visit.notes ? [visit.notes.subjective] : [])).sort()).toEqual(
      ['DEFAULT-NOTE-TEXT', 'OPENED-NOTE-TEXT'],
    );
  });

  it('answers as for a link made now when nobody is linked: only notes set to shared show', async () => {
    const { owner, patientId, preview } = await seededRecord();
    const person = await signIn(ctx, { name: 'Ana Lima' });
    await linkPatient(ctx, { ownerId: owner.user._id, patientId, userId: person.user._id });
    await endLink(ctx, { userId: person.user._id, patientId });

    const card = await preview();
    expect(card.json()).toMatchObject({ patient: { _id: patientId }, relationship: 'self' });
    const visits = (await preview('visits')).json().items as {
      notes: { subjective: string } | null;
    }[];
    expect(visits).toHaveLength(3);
    expect(visits.flatMap((visit) => (visit.notes ? [visit.notes.subjective] : []))).toEqual([
      'OPENED-NOTE-TEXT',
    ]);
    expect((await preview('visits')).body).not.toMatch(/DRAFT|PRIVATE|DEFAULT/);
  });

  it("answers 404 PATIENT_NOT_FOUND for another practitioner's patient, audited as denied", async () => {
    const { patientId } = await seededRecord();
    const other = await practitioner(ctx, { name: 'Dr Omar Haddad', isMember: true });
    for (const path of SCREENS) {
      const response = await ctx.app.inject({
        url: previewUrl(patientId, ...path),
        headers: other.headers,
      });
      expectErrorAnswer(response, 404, {
        code: 'PATIENT_NOT_FOUND',
        message: ERRORS.PATIENT_NOT_FOUND.message,
      });
    }
    const events = await auditEventsBy(ctx, other.user._id);
    const onThePatient = events.filter((event) => event.patient_id === patientId);
    expect(onThePatient.map((event) => event.outcome)).toEqual(SCREENS.map(() => 'denied'));
  });

  it("is audited as the practitioner's read of the patient", async () => {
    const { owner, patientId, preview } = await seededRecord();
    const before = (await auditEventsBy(ctx, owner.user._id)).length;
    await preview();
    await preview('visits');
    const events = (await auditEventsBy(ctx, owner.user._id)).slice(before);
    expect(events).toEqual([
      { patient_id: patientId, action: 'read', outcome: 'success', subject_kind: null },
      { patient_id: patientId, action: 'list', outcome: 'success', subject_kind: null },
    ]);
  });
});
