import { describe, expect, it } from 'vitest';
import { APPOINTMENT_PATIENT_VIEW } from '@portal/shared/appointment';
import { ERRORS } from '@portal/shared/errors';
import { storedPractice } from '@portal/shared/practice.factories';

import { useTestApp, type AuthHeaders } from '../../../test/app.ts';
import { createAppointment, readAppointment } from '../../../test/factories/appointments.ts';

import { createPatient } from '../../../test/factories/patients.ts';
import { MY_LIST_MAX } from './my-health.service.ts';

import { expectErrorAnswer } from '../../../test/error-answer.ts';

import {
  auditEventsBy,
  linkedPatientOf,
  myUrl,
  type LinkedPatientOptions,
} from './my-health.factories.ts';

let clock = new Date('2026-03-01T08:00:00.000Z');
const ctx = useTestApp({ deps: { now: () => clock } });
const linkedPatient = (options?: LinkedPatientOptions) => linkedPatientOf(ctx, options);
const eventsBy = (actorId: string) => auditEventsBy(ctx, actorId);
const keysOf = (item: object) => Object.keys(item);

// What a linked patient sees: the card and the appointments.

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
      requestExpiresAt: null,
      cancelReason: null,
      declineMessage: null,
    });
    expect(response.body).not.toContain('unpaid invoice');
    expect(response.body).not.toContain('referral letter');
  });

  it('answers the upcoming ones of a patient with more past appointments than a list holds', async () => {
    const { owner, get } = await linkedPatient();
    // Weekly for twelve years and more: more past appointments than MY_LIST_MAX.
    await ctx.database.pool.query(
      `insert into appointments (owner_id, patient_id, starts_at, ends_at, kind, status)
       select $1::uuid, $2::uuid, s, s + interval '30 minutes', 'in-person', 'fulfilled'
       from generate_series(1, $3::int) g,
         lateral (select $4::timestamptz - g * interval '7 days' as s) slot`,
      [owner.user._id, owner.patient._id, MY_LIST_MAX + 1, clock.toISOString()],
    );
    // The longest an appointment lasts, begun 479 minutes ago: it has not ended yet.
    const { rows: longest } = await ctx.database.pool.query<{ id: string }>(
      `insert into appointments (owner_id, patient_id, starts_at, ends_at, kind, status)
       values ($1, $2, '2026-03-01T00:01:00Z', '2026-03-01T08:01:00Z', 'in-person', 'arrived')
       returning id`,
      [owner.user._id, owner.patient._id],
    );
    const next = await createAppointment(ctx, owner.headers, {
      patientId: owner.patient._id,
      start: '2026-03-05T09:00:00.000Z',
    });
    const response = await get('appointments');
    expect(response.statusCode).toBe(200);
    const { upcoming, past } = response.json();
    expect(upcoming.map((item: { _id: string }) => item._id)).toEqual([longest[0]!.id, next._id]);
    expect(past).toHaveLength(MY_LIST_MAX);
    expect(past[0].start).toBe('2026-02-22T08:00:00.000Z');
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
      requestExpiresAt: null,
      cancelReason: null,
      declineMessage: null,
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
