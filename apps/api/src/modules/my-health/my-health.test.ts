import { describe, expect, it } from 'vitest';
import { APPOINTMENT_PATIENT_VIEW } from '@portal/shared/appointment';
import { ERRORS } from '@portal/shared/errors';
import { storedPractice, practiceInput } from '@portal/shared/practice.factories';
import { VISIT_PATIENT_VIEW } from '@portal/shared/visit';
import { signIn, useTestApp, type AuthHeaders } from '../../../test/app.ts';
import { createAppointment, readAppointment } from '../../../test/factories/appointments.ts';
import { createCarePlan, occurrencesUrl } from '../../../test/factories/care-plans.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import { createVisit, signVisit } from '../../../test/factories/visits.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';
import { auditTrail, practitioner } from '../../../test/patient-resources.ts';
import { API_KINDS } from '../../kinds/registry.ts';
import { linkPatient, myUrl } from './my-health.factories.ts';
import { MY_KIND_SEGMENTS } from './my-health.service.ts';

let clock = new Date('2026-03-01T08:00:00.000Z');
const ctx = useTestApp({ deps: { now: () => clock } });

/** A practitioner (a member, with a practice) and a person linked to their patient. */
async function linkedPatient({ cancellationNoticeHours = 24 as number | null } = {}) {
  const owner = await practitioner(ctx, { name: 'Dr Lena Hoffmann', isMember: true });
  const practice = await ctx.app.inject({
    method: 'PUT',
    url: '/api/user/practice',
    headers: owner.headers,
    payload: practiceInput({ cancellationNoticeHours }),
  });
  expect(practice.statusCode).toBe(200);
  const person = await signIn(ctx, { name: 'Ana Lima' });
  await linkPatient(ctx, {
    ownerId: owner.user._id,
    patientId: owner.patient._id,
    userId: person.user._id,
  });
  const get = (...path: string[]) =>
    ctx.app.inject({ url: myUrl(owner.patient._id, ...path), headers: person.headers });
  return { owner, person, patientId: owner.patient._id, get };
}

/** The audit rows of one actor, oldest first, straight from the table. */
async function eventsBy(actorId: string) {
  const { rows } = await ctx.database.pool.query<{
    patient_id: string | null;
    action: string;
    outcome: string;
    subject_kind: string | null;
  }>(
    'select patient_id, action, outcome, subject_kind from audit_events where actor_id = $1 order by id',
    [actorId],
  );
  return rows;
}

const keysOf = (item: object) => Object.keys(item);

describe('GET /api/me/patients/:patientId', () => {
  it('answers the patient, the link and the practice card, no-store, audited with the linked person as actor', async () => {
    const { owner, person, patientId, get } = await linkedPatient();
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const practice = storedPractice();
    expect(response.json()).toEqual({
      patient: { _id: patientId, name: 'Amina Yusuf', dateOfBirth: null, age: owner.patient.age },
      relationship: 'self',
      practice: {
        name: practice.name,
        street: practice.street,
        postalCode: practice.postalCode,
        city: practice.city,
        country: practice.country,
        phone: practice.phone,
        cancellationNoticeHours: 24,
        practitionerName: 'Dr Lena Hoffmann',
        workingHours: expect.objectContaining({ sunday: null }),
      },
    });
    // Never the prescriber's registration number.
    expect(response.body).not.toContain(practice.registrationNumber);
    expect(await eventsBy(person.user._id)).toContainEqual({
      patient_id: patientId,
      action: 'read',
      outcome: 'success',
      subject_kind: null,
    });
  });
});

describe('GET /api/me/patients/:patientId/appointments', () => {
  it('answers upcoming soonest first and past newest first, each exactly the declared fields', async () => {
    const { owner, get } = await linkedPatient();
    const book = (start: string) =>
      createAppointment(ctx, owner.headers, {
        patientId: owner.patient._id,
        start,
        note: 'Collect the unpaid invoice',
        reason: 'Discuss the referral letter',
      });
    const past = await book('2026-02-20T09:00:00.000Z');
    const older = await book('2026-02-10T09:00:00.000Z');
    const later = await book('2026-03-12T09:00:00.000Z');
    const soon = await book('2026-03-05T09:00:00.000Z');
    const response = await get('appointments');
    expect(response.statusCode).toBe(200);
    const { upcoming, past: pastOnes } = response.json();
    expect(upcoming.map((item: { _id: string }) => item._id)).toEqual([soon._id, later._id]);
    expect(pastOnes.map((item: { _id: string }) => item._id)).toEqual([past._id, older._id]);
    for (const item of [...upcoming, ...pastOnes])
      expect(keysOf(item)).toEqual([...APPOINTMENT_PATIENT_VIEW]);
    expect(upcoming[0]).toEqual({
      _id: soon._id,
      start: '2026-03-05T09:00:00.000Z',
      end: '2026-03-05T09:30:00.000Z',
      kind: 'in-person',
      status: 'booked',
    });
    expect(response.body).not.toContain('unpaid invoice');
    expect(response.body).not.toContain('referral letter');
  });
});

describe('POST /api/me/patients/:patientId/appointments/:appointmentId/cancel', () => {
  const cancel = (patientId: string, id: string, headers: AuthHeaders) =>
    ctx.app.inject({
      method: 'POST',
      url: myUrl(patientId, 'appointments', id, 'cancel'),
      headers,
    });

  it('cancels before the notice: the practitioner then sees it cancelled, audited as the patient', async () => {
    const { owner, person, patientId } = await linkedPatient();
    const appointment = await createAppointment(ctx, owner.headers, {
      patientId,
      start: '2026-03-03T09:00:00.000Z',
    });
    clock = new Date('2026-03-02T08:59:00.000Z');
    const response = await cancel(patientId, appointment._id, person.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: appointment._id,
      start: '2026-03-03T09:00:00.000Z',
      end: '2026-03-03T09:30:00.000Z',
      kind: 'in-person',
      status: 'cancelled',
    });
    expect((await readAppointment(ctx, owner.headers, appointment._id)).status).toBe('cancelled');
    // Again: the same answer, and each request audited.
    expect((await cancel(patientId, appointment._id, person.headers)).json()).toEqual(
      response.json(),
    );
    const cancels = (await eventsBy(person.user._id)).filter((e) => e.action === 'cancel');
    expect(cancels).toEqual([
      { patient_id: patientId, action: 'cancel', outcome: 'success', subject_kind: 'appointment' },
      { patient_id: patientId, action: 'cancel', outcome: 'success', subject_kind: 'appointment' },
    ]);
    clock = new Date('2026-03-01T08:00:00.000Z');
  });

  it('answers 409 CANCELLATION_TOO_LATE naming the practice phone inside the notice, and changes nothing', async () => {
    const { owner, person, patientId } = await linkedPatient();
    const appointment = await createAppointment(ctx, owner.headers, {
      patientId,
      start: '2026-03-03T09:00:00.000Z',
    });
    clock = new Date('2026-03-02T09:01:00.000Z');
    const response = await cancel(patientId, appointment._id, person.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'CANCELLATION_TOO_LATE',
      message:
        'It is too late to cancel this appointment online. Please call the practice at +351221234567.',
      phone: '+351221234567',
    });
    expect((await readAppointment(ctx, owner.headers, appointment._id)).status).toBe('booked');
    clock = new Date('2026-03-01T08:00:00.000Z');
  });

  it('without a cancellation notice, cancels up to the start and refuses once started', async () => {
    const { owner, person, patientId } = await linkedPatient({ cancellationNoticeHours: null });
    const first = await createAppointment(ctx, owner.headers, {
      patientId,
      start: '2026-03-03T09:00:00.000Z',
    });
    const second = await createAppointment(ctx, owner.headers, {
      patientId,
      start: '2026-03-03T10:00:00.000Z',
    });
    clock = new Date('2026-03-03T08:59:00.000Z');
    expect((await cancel(patientId, first._id, person.headers)).statusCode).toBe(200);
    clock = new Date('2026-03-03T10:00:01.000Z');
    expect((await cancel(patientId, second._id, person.headers)).statusCode).toBe(409);
    clock = new Date('2026-03-01T08:00:00.000Z');
  });

  it("answers 404 APPOINTMENT_NOT_FOUND for the practitioner's appointment of another patient", async () => {
    const { owner, person, patientId } = await linkedPatient();
    const otherPatient = await createPatient(ctx, owner.headers, { name: 'Bruno Costa' });
    const appointment = await createAppointment(ctx, owner.headers, {
      patientId: otherPatient._id,
      start: '2026-03-09T09:00:00.000Z',
    });
    expectErrorAnswer(await cancel(patientId, appointment._id, person.headers), 404, {
      code: 'APPOINTMENT_NOT_FOUND',
      message: ERRORS.APPOINTMENT_NOT_FOUND.message,
    });
    expect((await readAppointment(ctx, owner.headers, appointment._id)).status).toBe('booked');
  });
});

describe('GET /api/me/patients/:patientId/visits', () => {
  /** Sets when a visit was signed, so that it falls before or after the link. */
  const signedOn = (visitId: string, at: string) =>
    ctx.database.pool.query('update visits set signed_at = $2 where id = $1', [visitId, at]);

  async function visitsAround() {
    const owner = await practitioner(ctx, { name: 'Dr Lena Hoffmann' });
    const patientId = owner.patient._id;
    const record = async (reason: string, subjective: string) => {
      const visit = await createVisit(ctx, owner.headers, patientId, { reason, subjective });
      return signVisit(ctx, owner.headers, visit);
    };
    const before = await record('Before the link', 'Old note, never shared by default');
    const after = await record('After the link', 'New note, shared by default');
    const kept = await record('Kept private', 'Private note of the practitioner');
    const opened = await record('Shared later', 'Old note shared by the practitioner');
    const draft = await createVisit(ctx, owner.headers, patientId, {
      reason: 'Draft visit',
      subjective: 'Draft thoughts',
    });
    await signedOn(before._id, '2026-01-10T09:00:00Z');
    await signedOn(opened._id, '2026-01-11T09:00:00Z');
    await signedOn(after._id, '2026-02-10T09:00:00Z');
    await signedOn(kept._id, '2026-02-11T09:00:00Z');
    const sharing = (visitId: string, value: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/records/patients/${patientId}/visits/${visitId}/sharing`,
        headers: owner.headers,
        payload: { sharing: value },
      });
    expect((await sharing(kept._id, 'private')).json()).toMatchObject({
      patientSharing: 'private',
    });
    expect((await sharing(opened._id, 'shared')).statusCode).toBe(200);
    const person = await signIn(ctx, { name: 'Ana Lima' });
    await linkPatient(ctx, {
      ownerId: owner.user._id,
      patientId,
      userId: person.user._id,
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });
    return { owner, person, patientId, before, after, kept, opened, draft, sharing };
  }

  it('answers signed visits only, notes as shared, each exactly the declared fields', async () => {
    const { person, patientId, before, after, kept, opened } = await visitsAround();
    const response = await ctx.app.inject({
      url: myUrl(patientId, 'visits'),
      headers: person.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const items = response.json().items as { _id: string; notes: { subjective: string } | null }[];
    expect(items.map((item) => item._id).sort()).toEqual(
      [before._id, after._id, kept._id, opened._id].sort(),
    );
    for (const item of items)
      expect(keysOf(item)).toEqual([...VISIT_PATIENT_VIEW, 'notes', 'addenda']);
    const notesOf = (id: string) =>
      items.find((item) => item._id === id)!.notes?.subjective ?? null;
    expect(notesOf(after._id)).toBe('New note, shared by default');
    expect(notesOf(opened._id)).toBe('Old note shared by the practitioner');
    expect(notesOf(before._id)).toBeNull();
    expect(notesOf(kept._id)).toBeNull();
    expect(response.body).not.toContain('Draft');
    expect(response.body).not.toContain('never shared by default');
    expect(response.body).not.toContain('Private note');
    expect(items.find((item) => item._id === kept._id)).toMatchObject({
      reason: 'Kept private',
      systolic: 128,
      bmi: 25.1,
    });
  });

  it('keeps the addenda of unshared notes back with them', async () => {
    const { owner, person, patientId, kept, after } = await visitsAround();
    for (const visit of [kept, after]) {
      const added = await ctx.app.inject({
        method: 'POST',
        url: `/api/records/patients/${patientId}/visits/${visit._id}/addenda`,
        headers: owner.headers,
        payload: { text: `Addendum of ${visit._id}` },
      });
      expect(added.statusCode).toBe(201);
    }
    const items = (
      await ctx.app.inject({ url: myUrl(patientId, 'visits'), headers: person.headers })
    ).json().items as { _id: string; addenda: { text: string }[] }[];
    expect(items.find((item) => item._id === after._id)!.addenda).toEqual([
      { _id: expect.any(String), text: `Addendum of ${after._id}`, createdAt: expect.any(String) },
    ]);
    expect(items.find((item) => item._id === kept._id)!.addenda).toEqual([]);
  });

  it('PUT …/visits/:visitId/sharing refuses an unknown value with its message and changes nothing', async () => {
    const { sharing, kept, owner, patientId } = await visitsAround();
    expectErrorAnswer(await sharing(kept._id, 'public'), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Please choose default, shared or private.',
      fieldErrors: { sharing: 'Please choose default, shared or private.' },
    });
    const visit = await ctx.app.inject({
      url: `/api/records/patients/${patientId}/visits/${kept._id}`,
      headers: owner.headers,
    });
    expect(visit.json()).toMatchObject({ patientSharing: 'private' });
  });

  it("PUT …/visits/:visitId/sharing answers 404 for someone else's visit", async () => {
    const { kept, patientId } = await visitsAround();
    const stranger = await signIn(ctx);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/records/patients/${patientId}/visits/${kept._id}/sharing`,
      headers: stranger.headers,
      payload: { sharing: 'shared' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/me/patients/:patientId/vitals', () => {
  it('answers the signed visits’ measurements oldest first, never a draft’s', async () => {
    const { owner, patientId, get } = await linkedPatient();
    const signed = await signVisit(
      ctx,
      owner.headers,
      await createVisit(ctx, owner.headers, patientId, { weight: 71 }),
    );
    await createVisit(ctx, owner.headers, patientId, { weight: 99 });
    const response = await get('vitals');
    expect(response.json()).toEqual({
      items: [
        {
          visitId: signed._id,
          occurredAt: '2026-03-02T09:00:00.000Z',
          systolic: 128,
          diastolic: 82,
          weight: 71,
        },
      ],
    });
  });
});

describe('the patient-owned kinds of a linked patient', () => {
  it.each(
    API_KINDS.filter((kind) =>
      (MY_KIND_SEGMENTS as readonly string[]).includes(kind.shared.segment),
    ),
  )(
    '$shared.segment answers each item with exactly its patient view, as the practitioner sees those fields',
    async (kind) => {
      const { owner, get } = await linkedPatient();
      const created = await ctx.app.inject({
        method: 'POST',
        url: `/api/records/patients/${owner.patient._id}/${kind.shared.segment}`,
        headers: owner.headers,
        payload: kind.example.body(),
      });
      expect(created.statusCode).toBe(201);
      const stored = created.json() as Record<string, unknown>;
      const response = await get(kind.shared.segment);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const [item] = response.json().items as Record<string, unknown>[];
      expect(keysOf(item!)).toEqual([...kind.shared.patientView]);
      for (const field of kind.shared.patientView) expect(item![field]).toEqual(stored[field]);
    },
  );

  it('never shows a prescription’s stop reason or an immunization’s performer note', async () => {
    const { owner, get } = await linkedPatient();
    const base = `/api/records/patients/${owner.patient._id}`;
    const prescription = await ctx.app.inject({
      method: 'POST',
      url: `${base}/prescriptions`,
      headers: owner.headers,
      payload: API_KINDS[1]!.example.body(),
    });
    await ctx.app.inject({
      method: 'POST',
      url: `${base}/prescriptions/${prescription.json()._id}/stop`,
      headers: owner.headers,
      payload: { reason: 'Suspected misuse' },
    });
    const prescriptions = await get('prescriptions');
    expect(prescriptions.json().items[0]).toMatchObject({ status: 'stopped' });
    expect(prescriptions.body).not.toContain('Suspected misuse');
    await ctx.app.inject({
      method: 'POST',
      url: `${base}/immunizations`,
      headers: owner.headers,
      payload: { ...API_KINDS[3]!.example.body(), performerNote: 'Nurse Kim, City Clinic' },
    });
    expect((await get('immunizations')).body).not.toContain('Nurse Kim');
  });
});

describe('care plans of a linked patient', () => {
  const daily = {
    title: 'Asthma action plan',
    goals: [{ text: 'No night symptoms', targetDate: '2026-12-31' }],
    activities: [
      { title: 'Peak flow reading', start: '2026-02-01', rrule: 'FREQ=DAILY' },
      { title: 'Review', start: '2026-03-20', rrule: '' },
    ],
  };

  it('answers active plans with today’s occurrence of each activity, exactly the declared fields', async () => {
    const { owner, get } = await linkedPatient();
    const plan = await createCarePlan(ctx, owner.headers, owner.patient._id, daily);
    await createCarePlan(ctx, owner.headers, owner.patient._id, { ...daily, status: 'on-hold' });
    const response = await get('care-plans');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          _id: plan._id,
          title: 'Asthma action plan',
          activities: [
            {
              _id: plan.activities[0]!.id,
              title: 'Peak flow reading',
              todayOccurrence: { date: '2026-03-01', state: 'due' },
            },
            { _id: plan.activities[1]!.id, title: 'Review', todayOccurrence: null },
          ],
        },
      ],
    });
    expect(response.body).not.toContain('No night symptoms');
  });

  it('marks today done: the practitioner sees who marked it; a day to come is 409', async () => {
    const { owner, person, patientId, get } = await linkedPatient();
    const plan = await createCarePlan(ctx, owner.headers, patientId, daily);
    const activityId = plan.activities[0]!.id;
    const mark = (day: string, status: string) =>
      ctx.app.inject({
        method: 'POST',
        url: myUrl(patientId, 'care-plans', plan._id, 'activities', activityId, 'occurrences', day),
        headers: person.headers,
        payload: { status },
      });
    const done = await mark('2026-03-01', 'done');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ date: '2026-03-01', state: 'done' });
    expect((await get('care-plans')).json().items[0].activities[0].todayOccurrence).toEqual({
      date: '2026-03-01',
      state: 'done',
    });
    const occurrences = await ctx.app.inject({
      url: occurrencesUrl(patientId, plan._id, '?from=2026-03-01&to=2026-03-01'),
      headers: owner.headers,
    });
    expect(occurrences.json()).toContainEqual(
      expect.objectContaining({
        activityId,
        date: '2026-03-01',
        state: 'done',
        markedBy: { id: person.user._id, name: 'Ana Lima' },
      }),
    );
    expectErrorAnswer(await mark('2026-03-02', 'done'), 409, {
      code: 'OCCURRENCE_NOT_YET_DUE',
      message: ERRORS.OCCURRENCE_NOT_YET_DUE.message,
    });
    expect((await mark('2026-03-01', 'maybe')).json()).toMatchObject({
      fieldErrors: { status: 'Please choose done or skipped.' },
    });
    expect(await eventsBy(person.user._id)).toContainEqual({
      patient_id: patientId,
      action: 'update',
      outcome: 'success',
      subject_kind: 'carePlan',
    });
  });
});

describe("the practitioner's activity view (GET /api/records/audit)", () => {
  it('lists the linked patient’s reads with who acted and as what, never a stranger’s refused probe', async () => {
    const { owner, person, patientId, get } = await linkedPatient();
    expect((await get('prescriptions')).statusCode).toBe(200);
    const stranger = await signIn(ctx, { name: 'Eve Stranger' });
    await ctx.app.inject({ url: myUrl(patientId, 'visits'), headers: stranger.headers });
    const trail = await auditTrail(ctx, owner.headers);
    expect(trail).toContainEqual(
      expect.objectContaining({
        actorId: person.user._id,
        actorName: 'Ana Lima',
        actorRole: 'patient',
        patientId,
        patientName: 'Amina Yusuf',
        action: 'list',
        outcome: 'success',
      }),
    );
    expect(trail.some((event) => event.actorId === stranger.user._id)).toBe(false);
    // The practitioner's own events keep their fields, now with who acted.
    expect(trail.find((event) => event.actorId === owner.user._id)).toMatchObject({
      actorName: 'Dr Lena Hoffmann',
      actorRole: 'practitioner',
      patientName: 'Amina Yusuf',
    });
    const total = await ctx.app.inject({
      url: '/api/records/audit?limit=1',
      headers: owner.headers,
    });
    expect(Number(total.headers['x-total-count'])).toBe(trail.length);
  });

  it("shows the linked person their own reads as a patient, without the record's name", async () => {
    const { person, patientId, get } = await linkedPatient();
    await get();
    const [event] = await auditTrail(ctx, person.headers);
    expect(event).toMatchObject({
      actorRole: 'patient',
      patientId,
      patientName: null,
      action: 'read',
    });
  });
});
