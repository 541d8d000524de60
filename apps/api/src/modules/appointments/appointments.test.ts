import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_MESSAGES,
  type TAppointment,
  type TAppointmentConflict,
} from '@portal/shared/appointment';
import { appointmentInput } from '@portal/shared/appointment.factories';
import { useTestApp } from '../../../test/app.ts';
import { nextPageOf } from '../../../test/paging.ts';
import {
  appointmentUrl,
  bookAppointment,
  bookingPractitioner,
  cancelAppointment,
  putAppointment,
  readAppointment,
} from '../../../test/factories/appointments.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import { auditTrail, expectFieldErrors, type FieldCase } from '../../../test/patient-resources.ts';

const ctx = useTestApp();

const practitioner = () => bookingPractitioner(ctx, { timeZone: 'Europe/Berlin' });

describe('POST /api/appointments', () => {
  it('books, answers the appointment with its local start and ETag, no-store', async () => {
    const { patient, book } = await practitioner();
    const response = await book({
      start: '2026-03-02T09:00:00+01:00',
      duration: 45,
      kind: 'video',
      reason: 'Asthma review',
    });
    expect(response.statusCode).toBe(201);
    const appointment = response.json() as TAppointment;
    expect(appointment).toMatchObject({
      patientId: patient._id,
      patientName: 'Amina Yusuf',
      start: '2026-03-02T08:00:00.000Z',
      end: '2026-03-02T08:45:00.000Z',
      duration: 45,
      kind: 'video',
      reason: 'Asthma review',
      note: '',
      status: 'booked',
      localStart: '2026-03-02T09:00',
      timeZone: 'Europe/Berlin',
    });
    expect(response.headers.etag).toBe(`"${appointment.updatedAt}"`);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses bad input with its message and stores nothing', async () => {
    const { headers, patient } = await practitioner();
    const cases: FieldCase[] = [
      [{ duration: 4 }, 'duration', APPOINTMENT_MESSAGES.durationRange],
      [{ duration: 481 }, 'duration', APPOINTMENT_MESSAGES.durationRange],
      [{ reason: 'x'.repeat(201) }, 'reason', APPOINTMENT_MESSAGES.reasonTooLong],
      [{ kind: 'house-call' }, 'kind', APPOINTMENT_MESSAGES.kindRequired],
      [{ start: 'tomorrow' }, 'start', APPOINTMENT_MESSAGES.startRequired],
      [{ ownerId: patient._id }, 'ownerId', 'This field is not allowed.'],
    ];
    await expectFieldErrors(ctx, {
      url: '/api/appointments',
      headers,
      body: appointmentInput({ patientId: patient._id }),
      table: 'appointments',
      cases,
    });
  });

  it("refuses someone else's patient as not found, and audits the attempt", async () => {
    const owner = await practitioner();
    const other = await practitioner();
    const response = await bookAppointment(ctx, other.headers, { patientId: owner.patient._id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'PATIENT_NOT_FOUND',
      fieldErrors: { patientId: APPOINTMENT_MESSAGES.patientRequired },
    });
    expect(await auditTrail(ctx, other.headers)).toContainEqual(
      expect.objectContaining({
        action: 'create',
        outcome: 'denied',
        patientId: owner.patient._id,
      }),
    );
  });
});

describe('double booking', () => {
  it('answers 409 APPOINTMENT_CONFLICT naming the clashing time and patient', async () => {
    const { headers, patient, create } = await practitioner();
    const first = await create({
      start: '2026-04-07T10:00:00+02:00',
      duration: 30,
    });
    const second = await createPatient(ctx, headers, { name: 'Jean Dupont' });
    const response = await bookAppointment(ctx, headers, {
      patientId: second._id,
      start: '2026-04-07T10:15:00+02:00',
    });
    expect(response.statusCode).toBe(409);
    const body = response.json() as TAppointmentConflict;
    expect(body).toMatchObject({
      code: 'APPOINTMENT_CONFLICT',
      conflict: {
        appointmentId: first._id,
        start: '2026-04-07T08:00:00.000Z',
        end: '2026-04-07T08:30:00.000Z',
        localStart: '2026-04-07T10:00',
        timeZone: 'Europe/Berlin',
        patientId: patient._id,
        patientName: 'Amina Yusuf',
      },
    });
    expect(body.message).toContain('Amina Yusuf');
    expect(body.message).toContain('2026-04-07 10:00');
  });

  it('allows back-to-back appointments and a new one where one was cancelled', async () => {
    const { headers, book, create } = await practitioner();
    const first = await create({
      start: '2026-04-08T09:00:00Z',
      duration: 30,
    });
    await create({
      start: '2026-04-08T09:30:00Z',
    });
    const cancel = await cancelAppointment(ctx, headers, first);
    expect(cancel.statusCode).toBe(200);
    expect((cancel.json() as TAppointment).status).toBe('cancelled');
    const again = await book({
      start: '2026-04-08T09:00:00Z',
    });
    expect(again.statusCode).toBe(201);
  });

  it('lets exactly one of 20 concurrent overlapping bookings through', async () => {
    const { book } = await practitioner();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        book({
          start: new Date(Date.UTC(2026, 4, 4, 9, index)).toISOString(),
          duration: 30,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const winner = responses
      .find((response) => response.statusCode === 201)!
      .json() as TAppointment;
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect((response.json() as TAppointmentConflict).conflict.appointmentId).toBe(winner._id);
    }
  });

  it('refuses a reschedule onto another appointment, and keeps the original', async () => {
    const { headers, create } = await practitioner();
    const morning = await create({
      start: '2026-04-09T09:00:00Z',
    });
    const noon = await create({
      start: '2026-04-09T12:00:00Z',
    });
    const response = await putAppointment(ctx, headers, noon, { start: '2026-04-09T09:10:00Z' });
    expect(response.statusCode).toBe(409);
    expect((response.json() as TAppointmentConflict).conflict.appointmentId).toBe(morning._id);
    const kept = await readAppointment(ctx, headers, noon._id);
    expect(kept.start).toBe('2026-04-09T12:00:00.000Z');
  });
});

describe('GET, PUT and cancel /api/appointments/{id}', () => {
  it("answers 404 for someone else's appointment on every verb and changes nothing", async () => {
    const owner = await practitioner();
    const other = await practitioner();
    const appointment = await owner.create({
      start: '2026-04-10T09:00:00Z',
    });
    const attempts = [
      ctx.app.inject({ url: appointmentUrl(appointment._id), headers: other.headers }),
      putAppointment(ctx, other.headers, appointment, { patientId: other.patient._id }),
      cancelAppointment(ctx, other.headers, appointment),
      ctx.app.inject({ url: appointmentUrl('not-an-id'), headers: other.headers }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'APPOINTMENT_NOT_FOUND' });
    }
    expect(await readAppointment(ctx, owner.headers, appointment._id)).toEqual(appointment);
    const denied = (await auditTrail(ctx, other.headers)).filter((e) => e.outcome === 'denied');
    expect(denied.map((event) => event.action).sort()).toEqual([
      'cancel',
      'read',
      'read',
      'update',
    ]);
    expect(denied.filter((event) => event.appointmentId === appointment._id)).toHaveLength(3);
  });

  it('audits every read and change with the appointment and its patient', async () => {
    const { headers, patient, create } = await practitioner();
    const appointment = await create({
      start: '2026-04-11T09:00:00Z',
    });
    await ctx.app.inject({ url: appointmentUrl(appointment._id), headers });
    await putAppointment(ctx, headers, appointment, {
      start: appointment.start,
      status: 'arrived',
    });
    await cancelAppointment(ctx, headers, appointment);
    await ctx.app.inject({
      url: '/api/appointments?from=2026-04-01T00:00:00Z&to=2026-05-01T00:00:00Z',
      headers,
    });
    const events = (await auditTrail(ctx, headers)).filter((event) => event.appointmentId !== null);
    expect(events.map((event) => [event.action, event.outcome]).reverse()).toEqual([
      ['create', 'success'],
      ['read', 'success'],
      ['update', 'success'],
      ['cancel', 'success'],
    ]);
    for (const event of events) expect(event.patientId).toBe(patient._id);
    expect(await auditTrail(ctx, headers)).toContainEqual(
      expect.objectContaining({ action: 'list', outcome: 'success', appointmentId: null }),
    );
    const onePatients = await ctx.app.inject({
      url: `/api/appointments?from=2026-04-01T00:00:00Z&to=2026-05-01T00:00:00Z&patientId=${patient._id}`,
      headers,
    });
    const { rows } = await ctx.database.pool.query(
      'select action, outcome, patient_id from audit_events where request_id = $1',
      [onePatients.headers['x-request-id']],
    );
    expect(rows).toEqual([{ action: 'list', outcome: 'success', patient_id: patient._id }]);
  });

  it('marks arrived and fulfilled, and answers 409 APPOINTMENT_CHANGED to a stale If-Match', async () => {
    const { headers, create } = await practitioner();
    const appointment = await create({
      start: '2026-04-12T09:00:00Z',
    });
    const put = (status: 'arrived' | 'fulfilled', ifMatch: string) =>
      putAppointment(ctx, { ...headers, 'if-match': ifMatch }, appointment, {
        start: appointment.start,
        status,
      });
    const arrived = await put('arrived', `"${appointment.updatedAt}"`);
    expect(arrived.statusCode).toBe(200);
    expect((arrived.json() as TAppointment).status).toBe('arrived');
    const stale = await put('fulfilled', `"${appointment.updatedAt}"`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'APPOINTMENT_CHANGED' });
    expect(stale.headers.etag).toBe(arrived.headers.etag);
    const fulfilled = await put('fulfilled', String(arrived.headers.etag));
    expect((fulfilled.json() as TAppointment).status).toBe('fulfilled');
  });
});

describe('GET /api/appointments', () => {
  it('lists the range earliest first, paged with Link and X-Total-Count, mine only', async () => {
    const { headers, create } = await practitioner();
    const other = await practitioner();
    await other.create({
      start: '2026-06-01T09:00:00Z',
    });
    const starts = ['2026-06-03T09:00:00Z', '2026-06-01T09:00:00Z', '2026-06-02T09:00:00Z'];
    for (const start of starts) await create({ start });
    await create({
      start: '2026-06-20T09:00:00Z',
    });
    const first = await ctx.app.inject({
      url: '/api/appointments?from=2026-06-01T00:00:00Z&to=2026-06-08T00:00:00Z&limit=2',
      headers,
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect((first.json() as TAppointment[]).map((a) => a.start)).toEqual([
      '2026-06-01T09:00:00.000Z',
      '2026-06-02T09:00:00.000Z',
    ]);
    const next = nextPageOf(first)!;
    const second = await ctx.app.inject({ url: next, headers });
    expect((second.json() as TAppointment[]).map((a) => a.start)).toEqual([
      '2026-06-03T09:00:00.000Z',
    ]);
    expect(second.headers.link).toBeUndefined();
  });

  it('refuses a range over 62 days or reversed', async () => {
    const { headers } = await practitioner();
    const long = await ctx.app.inject({
      url: '/api/appointments?from=2026-01-01T00:00:00Z&to=2026-03-05T00:00:00Z',
      headers,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ fieldErrors: { to: APPOINTMENT_MESSAGES.rangeTooLong } });
    const reversed = await ctx.app.inject({
      url: '/api/appointments?from=2026-03-05T00:00:00Z&to=2026-03-01T00:00:00Z',
      headers,
    });
    expect(reversed.json()).toMatchObject({ fieldErrors: { to: APPOINTMENT_MESSAGES.rangeOrder } });
  });
});
