import { describe, expect, it } from 'vitest';
import type { TAppointment } from '@portal/shared/appointment';
import { BOOKING_MESSAGES, type TDirectoryBooking } from '@portal/shared/booking';
import type { TMyAppointments } from '@portal/shared/my-health';
import type { TMyLinks } from '@portal/shared/patient-access';
import type { TPatient } from '@portal/shared/patient';
import { signIn, useTestApp, type AuthHeaders } from '../../../test/app.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import { keptMail } from '../../../test/mail.ts';
import { putSchedule } from '../../../test/factories/schedule.ts';
import { DEFAULT_WORKING_HOURS } from '@portal/shared/profile';
import { auditTrail, rowCount } from '../../../test/patient-resources.ts';
import { directoryTestKit, errorOf, REVIEWER_ENV, uniqueEmail } from './directory.factories.ts';

// Monday 2 March 2026, 06:00 UTC: the practitioners' working hours (09:00–17:00 UTC) are ahead.
const NOW = new Date('2026-03-02T06:00:00.000Z');
const mailer = keptMail();
const ctx = useTestApp({ env: REVIEWER_ENV, deps: { now: () => NOW, mailer } });
const { listedDoctor, saveListing } = directoryTestKit(ctx);

const booking = { start: '2026-03-02T09:00:00.000Z', kind: 'video', reason: 'Back pain' };

const book = (headers: AuthHeaders | undefined, publicId: string, body: object = booking) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/directory/doctors/${publicId}/bookings`,
    ...(headers && { headers }),
    payload: body,
  });

const patient = () => signIn(ctx, { name: 'Amina Yusuf', email: uniqueEmail('patient') });

const patientsOf = async (headers: AuthHeaders) =>
  (await ctx.app.inject({ url: '/api/records/patients', headers })).json() as TPatient[];

describe('POST /api/directory/doctors/:id/bookings', () => {
  it('books an instant slot for the booker: a self-registered record, linked, seen on both sides', async () => {
    const doctor = await listedDoctor({ name: 'Dr. Instant' });
    const booker = await patient();
    const response = await book(booker.headers, doctor.publicId);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = response.json() as TDirectoryBooking;
    expect(answer).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      start: '2026-03-02T09:00:00.000Z',
      end: '2026-03-02T09:30:00.000Z',
      status: 'booked',
      kind: 'video',
      practitionerName: 'Dr. Instant',
      requestExpiresAt: null,
    });

    // The practitioner's records list shows the new record, marked, its clinical fields empty.
    const [record, ...others] = await patientsOf(doctor.headers);
    expect(others).toEqual([]);
    expect(record).toMatchObject({
      name: 'Amina Yusuf',
      selfRegistered: true,
      diagnosedWith: '',
      bloodGroup: null,
      gender: null,
      phone: '',
    });
    const appointment = (
      await ctx.app.inject({ url: `/api/appointments/${answer._id}`, headers: doctor.headers })
    ).json() as TAppointment;
    expect(appointment).toMatchObject({
      patientId: record!._id,
      status: 'booked',
      reason: 'Back pain',
    });

    // The booker sees it in My health.
    const links = (
      await ctx.app.inject({ url: '/api/me/links', headers: booker.headers })
    ).json() as TMyLinks;
    expect(links.items).toMatchObject([{ patientId: record!._id, relationship: 'self' }]);
    const mine = (
      await ctx.app.inject({
        url: `/api/me/patients/${record!._id}/appointments`,
        headers: booker.headers,
      })
    ).json() as TMyAppointments;
    expect(mine.upcoming).toMatchObject([{ _id: answer._id, status: 'booked' }]);

    // A second booking reuses the booker's record.
    const again = await book(booker.headers, doctor.publicId, {
      ...booking,
      start: '2026-03-03T10:00:00.000Z',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await patientsOf(doctor.headers)).toHaveLength(1);

    const booked = (await auditTrail(ctx, booker.headers)).filter((e) => e.action === 'book');
    expect(booked.map((e) => [e.outcome, e.patientId])).toEqual([
      ['success', record!._id],
      ['success', record!._id],
    ]);
  });

  it('e-mails the booker where and when with an .ics, never the reason, and the practitioner nothing', async () => {
    const doctor = await listedDoctor({ name: 'Dr. Mail', listing: { onlineBooking: 'request' } });
    const booker = await patient();
    const before = mailer.sent.length;
    const response = await book(booker.headers, doctor.publicId, {
      ...booking,
      start: '2026-03-04T11:00:00.000Z',
      reason: 'Embarrassing rash',
    });
    expect(response.statusCode, response.body).toBe(201);
    const sent = mailer.sent.slice(before);
    expect(sent.map((message) => message.to)).toEqual([booker.user.email]);
    const [message] = sent;
    expect(message!.subject).toBe('Appointment requested for Wednesday, 4 March 2026 at 11:00');
    expect(message!.text).toContain('With: Dr. Mail');
    expect(message!.text).not.toContain('rash');
    const [ics] = message!.attachments!;
    expect(ics!.filename).toBe('appointment.ics');
    expect(ics!.content).toContain('STATUS:TENTATIVE');
    expect(ics!.content).toContain('DTSTART:20260304T110000Z');
    expect(ics!.content).not.toContain('rash');
  });

  it('makes a request that holds the slot until the practitioner answers; a decline tells the booker why', async () => {
    const doctor = await listedDoctor({
      name: 'Dr. Request',
      listing: { onlineBooking: 'request' },
    });
    const booker = await patient();
    const response = await book(booker.headers, doctor.publicId);
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json() as TDirectoryBooking;
    expect(answer).toMatchObject({
      status: 'requested',
      requestExpiresAt: '2026-03-02T07:00:00.000Z',
    });
    const taken = await book((await patient()).headers, doctor.publicId);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual(errorOf('SLOT_TAKEN'));

    const requests = (
      await ctx.app.inject({ url: '/api/appointments/requests', headers: doctor.headers })
    ).json() as TAppointment[];
    expect(requests.map((r) => r._id)).toEqual([answer._id]);
    const declined = await ctx.app.inject({
      method: 'POST',
      url: `/api/appointments/${answer._id}/decline`,
      headers: doctor.headers,
      payload: { message: 'I do not see new patients for back pain; please see Dr. Costa.' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const [record] = await patientsOf(doctor.headers);
    const mine = (
      await ctx.app.inject({
        url: `/api/me/patients/${record!._id}/appointments`,
        headers: booker.headers,
      })
    ).json() as TMyAppointments;
    expect(mine.upcoming).toEqual([
      {
        _id: answer._id,
        start: answer.start,
        end: answer.end,
        kind: 'video',
        status: 'cancelled',
        requestExpiresAt: '2026-03-02T07:00:00.000Z',
        cancelReason: 'declined',
        declineMessage: 'I do not see new patients for back pain; please see Dr. Costa.',
      },
    ]);
  });

  it('takes no request within 2 hours of its start: the practitioner would have no time to answer', async () => {
    const doctor = await listedDoctor({ name: 'Dr. Early', listing: { onlineBooking: 'request' } });
    const early = { start: '06:00', end: '17:00' };
    const schedule = await putSchedule(ctx, doctor.headers, {
      workingHours: { ...DEFAULT_WORKING_HOURS, monday: early },
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    const booker = await patient();
    const soon = await book(booker.headers, doctor.publicId, {
      ...booking,
      start: '2026-03-02T08:00:00.000Z',
    });
    expect(soon.statusCode).toBe(400);
    expect(soon.json()).toMatchObject({ fieldErrors: { start: BOOKING_MESSAGES.startRequired } });
    const later = await book(booker.headers, doctor.publicId, {
      ...booking,
      start: '2026-03-02T08:30:00.000Z',
    });
    expect(later.json()).toMatchObject({
      status: 'requested',
      requestExpiresAt: '2026-03-02T06:30:00.000Z',
    });
  });

  it('gives one of 20 bookings of one slot at once, the 19 others SLOT_TAKEN, and leaves one record and one link', async () => {
    const doctor = await listedDoctor({ name: 'Dr. Busy' });
    const bookers = await Promise.all(Array.from({ length: 20 }, () => patient()));
    const [patientsBefore, linksBefore] = [
      await rowCount(ctx, 'patients'),
      await rowCount(ctx, 'patient_links'),
    ];
    const answers = await Promise.all(
      bookers.map((booker) =>
        book(booker.headers, doctor.publicId, { ...booking, start: '2026-03-05T14:00:00.000Z' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused).toHaveLength(19);
    for (const answer of refused) expect(answer.json()).toEqual(errorOf('SLOT_TAKEN'));
    expect(await rowCount(ctx, 'patients')).toBe(patientsBefore + 1);
    expect(await rowCount(ctx, 'patient_links')).toBe(linksBefore + 1);
  });

  it('takes at most 3 open requests per booker, at any practice', async () => {
    const first = await listedDoctor({ name: 'Dr. One', listing: { onlineBooking: 'request' } });
    const second = await listedDoctor({ name: 'Dr. Two', listing: { onlineBooking: 'request' } });
    const booker = await patient();
    for (const [doctor, start] of [
      [first, '2026-03-06T09:00:00.000Z'],
      [first, '2026-03-06T10:00:00.000Z'],
      [second, '2026-03-06T09:00:00.000Z'],
    ] as const) {
      const response = await book(booker.headers, doctor.publicId, { ...booking, start });
      expect(response.statusCode, response.body).toBe(201);
    }
    const appointmentsBefore = await rowCount(ctx, 'appointments');
    const fourth = await book(booker.headers, second.publicId, {
      ...booking,
      start: '2026-03-06T11:00:00.000Z',
    });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual(errorOf('BOOKING_REQUESTS_LIMIT'));
    expect(await rowCount(ctx, 'appointments')).toBe(appointmentsBefore);
    // An instant booking is not a request.
    const instant = await listedDoctor({ name: 'Dr. Three' });
    expect((await book(booker.headers, instant.publicId)).statusCode).toBe(201);
  });

  it('answers 404 for a practitioner not listed, not approved or not booking online, and for any other id', async () => {
    const booker = await patient();
    const unapproved = await listedDoctor({ name: 'Dr. Pending', isApproved: false });
    const unlisted = await listedDoctor({ name: 'Dr. Hidden' });
    await saveListing(unlisted.headers, { listed: false });
    const off = await listedDoctor({ name: 'Dr. Off', listing: { onlineBooking: 'off' } });
    for (const id of [
      unapproved.publicId,
      unlisted.publicId,
      '00000000-0000-4000-8000-000000000000',
      'not-an-id',
    ]) {
      const response = await book(booker.headers, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual(errorOf('DOCTOR_NOT_FOUND'));
    }
    const closed = await book(booker.headers, off.publicId);
    expect(closed.statusCode).toBe(404);
    expect(closed.json()).toEqual(errorOf('BOOKING_CLOSED'));
    expect((await book(undefined, off.publicId)).statusCode).toBe(401);
  });

  it('takes only a free slot of the public slots, and a kind the listing offers; a refusal stores nothing', async () => {
    const doctor = await listedDoctor({ name: 'Dr. Grid' });
    const booker = await patient();
    const counts = async () => [
      await rowCount(ctx, 'patients'),
      await rowCount(ctx, 'patient_links'),
      await rowCount(ctx, 'appointments'),
    ];
    const before = await counts();
    for (const start of [
      '2026-03-02T09:05:00.000Z', // off the grid
      '2026-03-02T16:45:00.000Z', // ends after the working hours
      '2026-03-02T18:00:00.000Z', // outside them
      '2026-03-07T10:00:00.000Z', // a Saturday
      '2026-02-27T10:00:00.000Z', // past
    ]) {
      const response = await book(booker.headers, doctor.publicId, { ...booking, start });
      expect(response.statusCode, start).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { start: BOOKING_MESSAGES.startRequired },
      });
    }
    const phone = await book(booker.headers, doctor.publicId, { ...booking, kind: 'phone' });
    expect(phone.json()).toMatchObject({ fieldErrors: { kind: BOOKING_MESSAGES.kindRequired } });
    const invalid = await book(booker.headers, doctor.publicId, { ...booking, reason: '' });
    expect(invalid.json()).toMatchObject({
      fieldErrors: { reason: BOOKING_MESSAGES.reasonRequired },
    });
    expect(await counts()).toEqual(before);
    // Taken by the practitioner's own appointment: SLOT_TAKEN, with nothing about it.
    const own = await createPatient(ctx, doctor.headers, { name: 'Walk In' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: doctor.headers,
      payload: {
        patientId: own._id,
        start: '2026-03-02T10:15:00.000Z',
        duration: 30,
        kind: 'in-person',
      },
    });
    const taken = await book(booker.headers, doctor.publicId, {
      ...booking,
      start: '2026-03-02T10:00:00.000Z',
    });
    expect(taken.json()).toEqual(errorOf('SLOT_TAKEN'));
    // A longer visit on the grid is taken if it fits.
    const longer = await book(booker.headers, doctor.publicId, {
      ...booking,
      start: '2026-03-02T11:00:00.000Z',
      duration: 60,
    });
    expect(longer.json()).toMatchObject({ end: '2026-03-02T12:00:00.000Z' });
  });

  it('books for a dependant: their own record linked as parent or guardian, reused by name and date of birth only', async () => {
    const doctor = await listedDoctor({ name: 'Dr. Paediatrics' });
    // The practitioner's own chart of a child with the same name is never matched.
    await createPatient(ctx, doctor.headers, { name: 'Lina Haddad', dateOfBirth: '2018-06-01' });
    const parent = await patient();
    const dependant = { givenName: 'Lina', familyName: 'Haddad', birthDate: '2018-06-01' };
    const forLina = (start: string, person = dependant) =>
      book(parent.headers, doctor.publicId, { ...booking, start, for: { dependant: person } });
    expect((await forLina('2026-03-09T09:00:00.000Z')).statusCode).toBe(201);
    expect(
      (await forLina('2026-03-09T10:00:00.000Z', { ...dependant, givenName: 'LINA' })).statusCode,
    ).toBe(201);
    expect(
      (await forLina('2026-03-09T11:00:00.000Z', { ...dependant, birthDate: '2019-06-01' }))
        .statusCode,
    ).toBe(201);
    const records = (await patientsOf(doctor.headers)).filter((p) => p.name === 'Lina Haddad');
    expect(records.map((p) => [p.selfRegistered, p.dateOfBirth ?? null]).sort()).toEqual([
      [false, '2018-06-01'],
      [true, '2018-06-01'],
      [true, '2019-06-01'],
    ]);
    const links = (
      await ctx.app.inject({ url: '/api/me/links', headers: parent.headers })
    ).json() as TMyLinks;
    expect(links.items.map((link) => link.relationship)).toEqual([
      'parent-or-guardian',
      'parent-or-guardian',
    ]);
  });
});
