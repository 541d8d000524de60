import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_MESSAGES,
  requestExpiresAt,
  type TAppointment,
} from '@portal/shared/appointment';
import { ERRORS } from '@portal/shared/errors';
import { signIn, useTestApp } from '../../../test/app.ts';
import { nextPageOf } from '../../../test/paging.ts';
import {
  appointmentUrl,
  bookingPractitioner,
  readAppointment,
} from '../../../test/factories/appointments.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import { auditTrail } from '../../../test/patient-resources.ts';
import { claimPeriodicRun } from '../../jobs/periodic-job.ts';
import { expireRequests } from './appointments.repository.ts';

// Monday 2 March 2026, 06:00 UTC; the test moves the clock where it needs to.
let now = new Date('2026-03-02T06:00:00.000Z');
const ctx = useTestApp({ deps: { now: () => now } });

/**
 * A request as an online booking leaves it (the booking itself is tested in the directory):
 * made at `now`, for the practitioner's patient.
 */
async function insertRequest(
  { ownerId, patientId }: { ownerId: string; patientId: string },
  { start, minutes = 30, expiresAt }: { start: string; minutes?: number; expiresAt?: string },
): Promise<string> {
  const startsAt = new Date(start);
  const { rows } = await ctx.database.pool.query<{ id: string }>(
    `insert into appointments (owner_id, patient_id, starts_at, ends_at, kind, reason, status, request_expires_at)
     values ($1, $2, $3, $4, 'video', 'Back pain', 'requested', $5) returning id`,
    [
      ownerId,
      patientId,
      startsAt,
      new Date(startsAt.getTime() + minutes * 60_000),
      expiresAt ?? requestExpiresAt(now, startsAt).toISOString(),
    ],
  );
  return rows[0]!.id;
}

async function practitionerWithRequest(start = '2026-03-05T09:00:00.000Z') {
  const session = await bookingPractitioner(ctx);
  const place = { ownerId: session.user._id, patientId: session.patient._id };
  const id = await insertRequest(place, { start });
  return { ...session, place, id };
}

const post = (
  headers: Record<string, string>,
  url: string,
  { payload, ifMatch }: { payload?: object; ifMatch?: string } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...(ifMatch && { 'if-match': ifMatch }) },
    ...(payload && { payload }),
  });

const errorBody = (code: keyof typeof ERRORS) => ({ code, message: ERRORS[code].message });

describe('GET /api/appointments/requests', () => {
  it('lists my open requests only, soonest first, paged, private and audited', async () => {
    const { headers, place, user } = await practitionerWithRequest('2026-03-06T09:00:00.000Z');
    const sooner = await insertRequest(place, { start: '2026-03-04T09:00:00.000Z' });
    const other = await practitionerWithRequest();
    const first = await ctx.app.inject({ url: '/api/appointments/requests?limit=1', headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-total-count']).toBe('2');
    const [item] = first.json() as TAppointment[];
    expect(item).toMatchObject({
      _id: sooner,
      status: 'requested',
      reason: 'Back pain',
      requestExpiresAt: '2026-03-04T06:00:00.000Z',
      cancelReason: null,
      declineMessage: null,
    });
    const second = await ctx.app.inject({ url: nextPageOf(first)!, headers });
    expect((second.json() as TAppointment[]).map((a) => a.start)).toEqual([
      '2026-03-06T09:00:00.000Z',
    ]);
    const otherList = await ctx.app.inject({
      url: '/api/appointments/requests',
      headers: other.headers,
    });
    expect((otherList.json() as TAppointment[]).map((a) => a._id)).toEqual([other.id]);
    const trail = await auditTrail(ctx, headers);
    expect(trail.filter((e) => e.action === 'list' && e.actorId === user._id).length).toBe(2);
  });
});

describe('POST /api/appointments/:id/confirm', () => {
  it('books the request, with its ETag, audited', async () => {
    const { headers, id, patient } = await practitionerWithRequest();
    const before = await readAppointment(ctx, headers, id);
    const response = await post(headers, appointmentUrl(id, 'confirm'), {
      ifMatch: `"${before.updatedAt}"`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const confirmed = response.json() as TAppointment;
    expect(confirmed).toMatchObject({ _id: id, status: 'booked', cancelReason: null });
    expect(response.headers.etag).toBe(`"${confirmed.updatedAt}"`);
    const [event] = (await auditTrail(ctx, headers)).filter((e) => e.action === 'confirm');
    expect(event).toMatchObject({ outcome: 'success', patientId: patient._id, appointmentId: id });
  });

  it('refuses what is not a request, a stale version, a request past its deadline, and someone else’s', async () => {
    const { headers, id, place } = await practitionerWithRequest();
    const stale = await post(headers, appointmentUrl(id, 'confirm'), {
      ifMatch: '"2020-01-01T00:00:00.000Z"',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'APPOINTMENT_CHANGED' });
    expect((await post(headers, appointmentUrl(id, 'confirm'))).statusCode).toBe(200);
    const again = await post(headers, appointmentUrl(id, 'confirm'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorBody('APPOINTMENT_NOT_REQUESTED'));

    const late = await insertRequest(place, {
      start: '2026-03-09T09:00:00.000Z',
      expiresAt: '2026-03-02T05:00:00.000Z',
    });
    const tooLate = await post(headers, appointmentUrl(late, 'confirm'));
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toEqual(errorBody('APPOINTMENT_REQUEST_TOO_LATE'));
    expect((await readAppointment(ctx, headers, late)).status).toBe('requested');

    const stranger = await signIn(ctx);
    for (const action of ['confirm', 'decline']) {
      const response = await post(stranger.headers, appointmentUrl(late, action));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(errorBody('APPOINTMENT_NOT_FOUND'));
    }
    expect((await readAppointment(ctx, headers, late)).status).toBe('requested');
  });
});

describe('POST /api/appointments/:id/decline', () => {
  it('cancels the request with the reason and the message, and frees its time', async () => {
    const { headers, id } = await practitionerWithRequest('2026-03-02T10:00:00.000Z');
    const slotsBefore = await ctx.app.inject({
      url: '/api/appointments/free-slots?date=2026-03-02&duration=30',
      headers,
    });
    const times = (body: string) =>
      (JSON.parse(body) as { slots: { start: string }[] }).slots.map((slot) => slot.start);
    expect(times(slotsBefore.body)).not.toContain('2026-03-02T10:00:00.000Z');
    const response = await post(headers, appointmentUrl(id, 'decline'), {
      payload: { message: '  Please book a video visit next week instead.  ' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'declined',
      declineMessage: 'Please book a video visit next week instead.',
    });
    const slotsAfter = await ctx.app.inject({
      url: '/api/appointments/free-slots?date=2026-03-02&duration=30',
      headers,
    });
    expect(times(slotsAfter.body)).toContain('2026-03-02T10:00:00.000Z');
    const again = await post(headers, appointmentUrl(id, 'decline'));
    expect(again.json()).toEqual(errorBody('APPOINTMENT_NOT_REQUESTED'));
    const events = (await auditTrail(ctx, headers)).filter((e) => e.action === 'decline');
    expect(events.map((e) => [e.outcome, e.appointmentId])).toEqual([
      ['conflict', id],
      ['success', id],
    ]);
  });

  it('declines without a body, and refuses a message too long, changing nothing', async () => {
    const { headers, id, place } = await practitionerWithRequest();
    const tooLong = await post(headers, appointmentUrl(id, 'decline'), {
      payload: { message: 'x'.repeat(501) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { message: APPOINTMENT_MESSAGES.declineMessageTooLong },
    });
    expect((await readAppointment(ctx, headers, id)).status).toBe('requested');
    const response = await post(headers, appointmentUrl(id, 'decline'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ cancelReason: 'declined', declineMessage: null });
    // A request past its deadline may still be declined, before the job expires it.
    const late = await insertRequest(place, {
      start: '2026-03-09T09:00:00.000Z',
      expiresAt: '2026-03-02T05:00:00.000Z',
    });
    expect((await post(headers, appointmentUrl(late, 'decline'))).statusCode).toBe(200);
  });
});

describe('a request holds its time', () => {
  it('against the practitioner’s own booking, and the practitioner cannot make one', async () => {
    const { headers, id, book } = await practitionerWithRequest('2026-03-05T11:00:00.000Z');
    const other = await createPatient(ctx, headers, { name: 'Bruno Costa' });
    const clash = await ctx.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers,
      payload: {
        patientId: other._id,
        start: '2026-03-05T11:15:00.000Z',
        duration: 30,
        kind: 'in-person',
      },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'APPOINTMENT_CONFLICT',
      conflict: { appointmentId: id },
    });
    const asRequest = await book({
      start: '2026-03-06T11:00:00.000Z',
      status: 'requested' as never,
    });
    expect(asRequest.statusCode).toBe(400);
    expect(asRequest.json()).toMatchObject({
      fieldErrors: { status: APPOINTMENT_MESSAGES.statusInvalid },
    });
  });
});

describe('the expiry job', () => {
  it('cancels requests past their deadline as expired, once, frees the time, and is audited', async () => {
    const { headers, place, book } = await practitionerWithRequest('2026-03-02T12:00:00.000Z');
    const open = await insertRequest(place, { start: '2026-03-10T09:00:00.000Z' });
    // The first request's deadline: 2 hours before its start (10:00), before 48 hours pass.
    now = new Date('2026-03-02T10:00:00.000Z');
    try {
      const [first, second] = await Promise.all([
        expireRequests(ctx.database.db, { now }),
        expireRequests(ctx.database.db, { now }),
      ]);
      // Each expired request is expired, and audited, by one of the two runs only.
      const { rows: counts } = await ctx.database.pool.query<{ rows: number; events: number }>(
        `select (select count(*)::int from appointments where cancel_reason = 'expired') as rows,
           (select count(*)::int from audit_events where action = 'expire') as events`,
      );
      expect(counts[0]).toEqual({ rows: first + second, events: first + second });
      const { rows } = await ctx.database.pool.query<{ status: string; cancel_reason: string }>(
        `select status, cancel_reason from appointments where owner_id = $1 order by starts_at`,
        [place.ownerId],
      );
      expect(rows).toEqual([
        { status: 'cancelled', cancel_reason: 'expired' },
        { status: 'requested', cancel_reason: null },
      ]);
      expect(await expireRequests(ctx.database.db, { now })).toBe(0);
      const expired = (await auditTrail(ctx, headers)).filter((e) => e.action === 'expire');
      expect(expired).toHaveLength(1);
      expect(expired[0]).toMatchObject({ outcome: 'success', patientId: place.patientId });
      // The time is free again: the practitioner books it.
      const rebook = await book({ start: '2026-03-02T12:00:00.000Z', duration: 30 });
      expect(rebook.statusCode, rebook.body).toBe(201);
      expect((await readAppointment(ctx, headers, open)).status).toBe('requested');
    } finally {
      now = new Date('2026-03-02T06:00:00.000Z');
    }
  });

  it('is claimed by one instance of several per period', async () => {
    const claims = await Promise.all(
      ['a', 'b', 'c'].map((instanceId) =>
        claimPeriodicRun(ctx.database.db, {
          name: 'expire-requests-test',
          everyMs: 300_000,
          instanceId,
        }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
