import { describe, expect, it } from 'vitest';
import type { TAppointment } from '@portal/shared/appointment';
import type { TReminder, TReminderList } from '@portal/shared/reminder';
import { SCHEDULE_MESSAGES } from '@portal/shared/profile';
import { type AuthHeaders, signIn, useTestApp } from '../../../test/app.ts';
import { createAppointment } from '../../../test/factories/appointments.ts';
import { loadConfig } from '../../config.ts';
import { toPublicConfig } from '../../http/config.routes.ts';
import { runReminderSweep } from './reminders.jobs.ts';
import { practitioner } from '../../../test/patient-resources.ts';

const ctx = useTestApp();

/** A premium member (reminders are members-only) with one patient. */
const practitionerWithPatient = () =>
  practitioner(ctx, { isMember: true, patient: { name: 'Amira Youssef' } });

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** The appointment as if booked two days ago (a booking inside the window gets no reminder). */
async function bookedEarlier(id: string) {
  await ctx.database.pool.query(
    `update appointments set created_at = now() - interval '2 days' where id = $1`,
    [id],
  );
}

const putReminderHours = (headers: AuthHeaders, reminderHours: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/user/schedule', headers, payload: { reminderHours } });

async function setReminderHours(headers: AuthHeaders, reminderHours: number | null) {
  expect((await putReminderHours(headers, reminderHours)).statusCode).toBe(200);
}

const sweep = () =>
  runReminderSweep({ db: ctx.database.db, mailer: null, publicUrl: ctx.config.PUBLIC_URL });

async function listOf(headers: AuthHeaders): Promise<TReminderList> {
  const response = await ctx.app.inject({ url: '/api/reminders', headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json();
}

/** One appointment of the patient's starting at each of these hours from now, booked in turn. */
async function appointmentsIn(headers: AuthHeaders, patientId: string, hours: number[]) {
  const booked: TAppointment[] = [];
  for (const each of hours) {
    booked.push(await createAppointment(ctx, headers, { patientId, start: hoursFromNow(each) }));
  }
  return booked;
}

describe('the reminders job (appointments)', () => {
  it('creates one reminder per appointment that came within the profile’s hours, however often it runs', async () => {
    const { headers, patient } = await practitionerWithPatient();
    await setReminderHours(headers, 3);
    const [soon, later, justBooked] = await appointmentsIn(headers, patient._id, [2, 5, 1]);
    await bookedEarlier(soon._id);
    await bookedEarlier(later._id);

    await Promise.all([sweep(), sweep(), sweep()]);
    await sweep();

    const { reminders, unreadCount } = await listOf(headers);
    expect(reminders.map((reminder) => reminder.sourceId)).toEqual([soon._id]);
    expect(unreadCount).toBe(1);
    expect(reminders[0]).toMatchObject({
      source: 'appointment',
      patientId: patient._id,
      patientName: 'Amira Youssef',
      carePlanId: null,
      activityTitle: null,
      eventAt: soon.start,
      localEventAt: soon.localStart,
      readAt: null,
    });
    expect(justBooked._id).not.toBe(soon._id);
  });

  it('moves with a rescheduled appointment, never comes for a cancelled one, and stops when the profile says none', async () => {
    const { headers, patient } = await practitionerWithPatient();
    await setReminderHours(headers, 4);
    const [moved, cancelled, off] = await appointmentsIn(headers, patient._id, [30, 3, 2]);
    for (const { _id } of [moved, cancelled, off]) await bookedEarlier(_id);

    // Rescheduled from 30 h ahead (not due) to 3 h 30 ahead (due within 4 h).
    const {
      _id,
      patientName: _name,
      end: _end,
      localStart: _local,
      timeZone: _zone,
      createdAt: _c,
      updatedAt: _u,
      requestExpiresAt: _expires,
      cancelReason: _reason,
      declineMessage: _message,
      ...input
    } = moved;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/appointments/${moved._id}`,
      headers,
      payload: { ...input, start: hoursFromNow(3.5) },
    });
    expect(put.statusCode).toBe(200);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/appointments/${cancelled._id}/cancel`,
      headers,
    });
    expect(cancel.statusCode).toBe(200);
    await ctx.database.pool.query(
      `update users set reminder_hours = null where id = (select owner_id from appointments where id = $1)`,
      [off._id],
    );

    await sweep();
    expect((await listOf(headers)).reminders).toEqual([]);

    await setReminderHours(headers, 4);
    await sweep();
    const sources = (await listOf(headers)).reminders.map((reminder) => reminder.sourceId).sort();
    expect(sources).toEqual([moved._id, off._id].sort());
    const reminder = (await listOf(headers)).reminders.find((r) => r.sourceId === moved._id)!;
    expect(reminder.eventAt).toBe((put.json() as { start: string }).start);
  });
});

describe('GET /api/reminders, POST /api/reminders/{id}/read, POST /api/reminders/read-all', () => {
  it('lists only my reminders, marks one read, answers 404 for someone else’s or a non-id, and audits', async () => {
    const mine = await practitionerWithPatient();
    const theirs = await practitionerWithPatient();
    for (const who of [mine, theirs]) {
      await setReminderHours(who.headers, 24);
      const [appointment] = await appointmentsIn(who.headers, who.patient._id, [6]);
      await bookedEarlier(appointment._id);
    }
    await sweep();
    const [my] = (await listOf(mine.headers)).reminders as [TReminder];
    const [their] = (await listOf(theirs.headers)).reminders as [TReminder];
    expect(my.patientId).toBe(mine.patient._id);

    for (const id of [their._id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `/api/reminders/${id}/read`,
        headers: mine.headers,
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'REMINDER_NOT_FOUND' });
    }
    expect((await listOf(theirs.headers)).unreadCount).toBe(1);

    const read = await ctx.app.inject({
      method: 'POST',
      url: `/api/reminders/${my._id}/read`,
      headers: mine.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const readAt = (read.json() as TReminder).readAt;
    expect(readAt).not.toBeNull();
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/reminders/${my._id}/read`,
      headers: mine.headers,
    });
    expect((again.json() as TReminder).readAt).toBe(readAt);
    expect((await listOf(mine.headers)).unreadCount).toBe(0);

    const all = await ctx.app.inject({
      method: 'POST',
      url: '/api/reminders/read-all',
      headers: theirs.headers,
    });
    expect((all.json() as TReminderList).unreadCount).toBe(0);

    const { rows } = await ctx.database.pool.query<{
      action: string;
      outcome: string;
      patient_id: string | null;
      appointment_id: string | null;
    }>(
      `select action, outcome, patient_id,
         case when subject_kind = 'appointment' then subject_id end as appointment_id
       from audit_events where actor_id = $1 and action in ('list', 'update') order by id`,
      [mine.user._id],
    );
    expect(rows.filter((row) => row.action === 'list').length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((row) => row.outcome === 'denied')).toHaveLength(3);
    expect(rows.filter((row) => row.action === 'update' && row.outcome === 'success')).toEqual([
      {
        action: 'update',
        outcome: 'success',
        patient_id: mine.patient._id,
        appointment_id: my.sourceId,
      },
      {
        action: 'update',
        outcome: 'success',
        patient_id: mine.patient._id,
        appointment_id: my.sourceId,
      },
    ]);
  });

  it('needs a token, and answers 402 PREMIUM_REQUIRED to a non-member', async () => {
    const response = await ctx.app.inject({ url: '/api/reminders' });
    expect(response.statusCode).toBe(401);
    const { headers } = await signIn(ctx);
    for (const [method, url] of [
      ['GET', '/api/reminders'],
      ['POST', '/api/reminders/read-all'],
      ['POST', '/api/reminders/00000000-0000-4000-8000-000000000000/read'],
    ] as const) {
      const refused = await ctx.app.inject({ method, url, headers });
      expect({ url, status: refused.statusCode }).toEqual({ url, status: 402 });
      expect(refused.json().code).toBe('PREMIUM_REQUIRED');
    }
  });
});

describe('PUT /api/user/schedule { reminderHours }', () => {
  it('takes 1 to 168 hours or null, 24 by default, and refuses anything else with the message', async () => {
    const { headers } = await signIn(ctx);
    const profile = await ctx.app.inject({ url: '/api/user/profile', headers });
    expect(profile.json().user.reminderHours).toBe(24);
    for (const reminderHours of [0, 169, 2.5, '24', -1]) {
      const response = await putReminderHours(headers, reminderHours);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({
        reminderHours: SCHEDULE_MESSAGES.reminderHoursInvalid,
      });
    }
    for (const reminderHours of [1, 168, null]) {
      const response = await putReminderHours(headers, reminderHours);
      expect(response.statusCode).toBe(200);
      expect(response.json().user.reminderHours).toBe(reminderHours);
    }
  });
});

describe('the bell’s pace', () => {
  it('GET /api/config tells the browser REMINDERS_SWEEP_SECONDS, so an open page asks as often as reminders are made', async () => {
    expect((await ctx.app.inject('/api/config')).json()).toMatchObject({
      remindersSweepSeconds: 60,
    });
    const faster = loadConfig({ NODE_ENV: 'test', REMINDERS_SWEEP_SECONDS: '5' });
    expect(toPublicConfig(faster).remindersSweepSeconds).toBe(5);
  });
});
