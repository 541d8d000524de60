import type ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { TAppointment, TAppointmentStatus, TCalendarFeed } from '@portal/shared/appointment';
import type { TAuditEvent } from '@portal/shared/audit';
import { ERRORS } from '@portal/shared/errors';
import { type AuthHeaders, useTestApp } from '../../../test/app.ts';
import { readCalendarEvents } from '../../../test/calendar-events.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';
import {
  bookingPractitioner,
  cancelAppointment,
  putAppointment,
} from '../../../test/factories/appointments.ts';
import { createPatient, patientsUrl, trashPatient } from '../../../test/factories/patients.ts';
import { putSchedule } from '../../../test/factories/schedule.ts';
import { calendarFeed, initialsOf } from './calendar.ics.ts';

const ctx = useTestApp({ deps: { now: () => new Date('2027-05-01T00:00:00Z') } });

const practitioner = () =>
  bookingPractitioner(ctx, {
    timeZone: 'Europe/Berlin',
    patient: { name: 'Amina Yusuf', diagnosedWith: 'Secretdiagnosis' },
  });

async function turnOn(headers: AuthHeaders): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/calendar-feed', headers });
  expect(response.statusCode).toBe(200);
  const { url } = response.json() as TCalendarFeed;
  return new URL(url).pathname;
}

async function fetchFeed(path: string) {
  const response = await ctx.app.inject({ url: path });
  return { response, events: () => parseEvents(response.body) };
}

/** The feed read by an independent parser (ical.js), as a calendar app reads it. */
function parseEvents(body: string) {
  return readCalendarEvents(body, (vevent) => {
    const alarms = vevent.getAllSubcomponents('valarm');
    const triggerOf = (description: string) => {
      const alarm = alarms.find((one) => one.getFirstPropertyValue('description') === description);
      return alarm ? (alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds() : null;
    };
    return {
      // Seconds before the start, as the parser reads the duration.
      trigger: triggerOf('Appointment'),
      // The portal's reminder (the profile's reminderHours) as a second alarm.
      reminderTrigger: triggerOf('Appointment reminder'),
      description: vevent.getFirstPropertyValue('description'),
    };
  });
}

describe('calendar feed', () => {
  it('has one VEVENT per appointment: initials and kind, reminder, never the diagnosis', async () => {
    const { headers, create } = await practitioner();
    const appointment = await create({
      start: '2027-05-03T09:00:00+02:00',
      duration: 30,
      kind: 'video',
      reason: 'Secretreason',
    });
    await create({
      start: '2027-05-04T07:00:00Z',
    });
    const path = await turnOn(headers);
    const { response, events } = await fetchFeed(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain('Secretdiagnosis');
    expect(response.body).not.toContain('Secretreason');
    expect(response.body).not.toContain('Amina');
    const [first, second] = events();
    expect(events()).toHaveLength(2);
    expect(first).toMatchObject({
      uid: `${appointment._id}@localhost:3000`,
      summary: 'A.Y. · video',
      sequence: 0,
      status: 'CONFIRMED',
      start: '2027-05-03T07:00:00.000Z',
      end: '2027-05-03T07:30:00.000Z',
      trigger: -15 * 60,
    });
    expect(second!.summary).toBe('A.Y. · in person');
    // The address is the credential: it never reaches the logs.
    const secret = path.split('/').pop()!.replace('.ics', '');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ctx.logs.join('')).not.toContain(secret);
    expect(ctx.logs.join('')).toContain('/api/calendar/[secret].ics');
  });

  it('keeps the UID and raises SEQUENCE with each change; a cancelled one says CANCELLED', async () => {
    const { headers, create } = await practitioner();
    const appointment = await create({
      start: '2027-05-05T09:00:00Z',
    });
    const path = await turnOn(headers);
    const before = (await fetchFeed(path)).events()[0]!;
    const moved = await putAppointment(ctx, headers, appointment, {
      start: '2027-05-05T10:00:00Z',
    });
    expect((moved.json() as TAppointment).start).toBe('2027-05-05T10:00:00.000Z');
    const after = (await fetchFeed(path)).events()[0]!;
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBe(before.sequence + 1);
    expect(after.start).toBe('2027-05-05T10:00:00.000Z');
    await cancelAppointment(ctx, headers, appointment);
    const cancelled = (await fetchFeed(path)).events()[0]!;
    expect(cancelled).toMatchObject({ uid: before.uid, status: 'CANCELLED', trigger: null });
    expect(cancelled.sequence).toBe(before.sequence + 2);
  });

  it('names patients in full and sets the reminder only as the profile says', async () => {
    const { headers, create } = await practitioner();
    await create({
      start: '2027-05-06T09:00:00Z',
    });
    await putSchedule(ctx, headers, { calendarFullNames: true, reminderMinutes: 60 });
    const path = await turnOn(headers);
    const [event] = (await fetchFeed(path)).events();
    expect(event).toMatchObject({ summary: 'Amina Yusuf · in person', trigger: -60 * 60 });
    await putSchedule(ctx, headers, { reminderMinutes: null });
    expect((await fetchFeed(path)).events()[0]!).toMatchObject({
      trigger: null,
      reminderTrigger: -24 * 3600,
    });
    await putSchedule(ctx, headers, { reminderHours: null });
    expect((await fetchFeed(path)).events()[0]!.reminderTrigger).toBeNull();
  });

  it('answers 404 to a revoked, replaced or unknown secret, and audits each read', async () => {
    const { headers } = await practitioner();
    const first = await turnOn(headers);
    const profile = await ctx.app.inject({ url: '/api/user/profile', headers });
    expect(profile.json()).toMatchObject({ user: { hasCalendarFeed: true } });
    expect((await fetchFeed(first)).response.statusCode).toBe(200);
    const second = await turnOn(headers);
    expect((await fetchFeed(first)).response.statusCode).toBe(404);
    expect((await fetchFeed(second)).response.statusCode).toBe(200);
    const revoked = await ctx.app.inject({ method: 'DELETE', url: '/api/calendar-feed', headers });
    expect(revoked.statusCode).toBe(204);
    const gone = await fetchFeed(second);
    expect(gone.response.statusCode).toBe(404);
    expect(gone.response.headers['cache-control']).toBe('no-store');
    expect((await fetchFeed(`/api/calendar/${'a'.repeat(43)}.ics`)).response.statusCode).toBe(404);
    expect((await fetchFeed('/api/calendar/short.ics')).response.statusCode).toBe(404);
    const trail = await ctx.app.inject({ url: '/api/records/audit', headers });
    const lists = (trail.json() as TAuditEvent[]).filter((event) => event.action === 'list');
    expect(lists.length).toBeGreaterThanOrEqual(2);
  });

  it("leaves out a trashed patient's appointments, and has them again after a restore", async () => {
    const { headers, patient, create } = await practitioner();
    const trashed = await create({ start: '2027-05-07T09:00:00Z' });
    const other = await createPatient(ctx, headers, { name: 'Bruno Costa' });
    const kept = await create({ patientId: other._id, start: '2027-05-07T10:00:00Z' });
    const path = await turnOn(headers);
    const uids = async () => (await fetchFeed(path)).events().map((event) => event.uid);
    const uidOf = (appointment: TAppointment) => `${appointment._id}@localhost:3000`;
    expect(await uids()).toEqual([uidOf(trashed), uidOf(kept)]);
    await trashPatient(ctx, headers, patient._id);
    expect(await uids()).toEqual([uidOf(kept)]);
    const restored = await ctx.app.inject({
      method: 'POST',
      url: patientsUrl(`/${patient._id}/restore`),
      headers,
    });
    expect(restored.statusCode).toBe(200);
    expect(await uids()).toEqual([uidOf(trashed), uidOf(kept)]);
  });

  it('limits reads per feed: one feed past 30 a minute does not stop another from the same address', async () => {
    const first = await turnOn((await practitioner()).headers);
    const second = await turnOn((await practitioner()).headers);
    // One calendar service, one address, many practitioners' feeds.
    const read = (url: string) => ctx.app.inject({ url, remoteAddress: '192.0.2.60' });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await read(first)).statusCode);
    expect(statuses).toEqual(Array(30).fill(200));
    const refused = await read(first);
    expectErrorAnswer(refused, 429, {
      message: ERRORS.RATE_LIMITED.message,
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await read(second)).statusCode).toBe(200);
    // Reads refused for one feed do not use up the address's allowance (600 a minute).
    for (let i = 0; i < 600; i += 1) await read(first);
    expect((await read(second)).statusCode).toBe(200);
  });

  it('needs sign-in to turn the feed on or off', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await ctx.app.inject({ method, url: '/api/calendar-feed' });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('calendarFeed', () => {
  const feedOf = (patientName: string, status: TAppointmentStatus = 'booked') =>
    calendarFeed({
      events: [
        {
          id: 'a1',
          patientName,
          kind: 'video',
          status,
          startsAt: new Date('2027-05-03T07:00:00Z'),
          endsAt: new Date('2027-05-03T07:30:00Z'),
          sequence: 0,
          updatedAt: new Date('2027-05-01T00:00:00Z'),
        },
      ],
      reminderMinutes: null,
      isFullNames: true,
      host: 'portal.example',
      now: new Date('2027-05-01T00:00:00Z'),
    });

  it("escapes a stored name's line breaks (CR, LF, CRLF), so no name starts a property of its own", () => {
    for (const name of ['Amina\rX-INJECTED:1', 'Amina\nX-INJECTED:1', 'Amina\r\nX-INJECTED:1']) {
      const body = feedOf(name);
      // Every CR is the end of a content line, and no line is a property the name wrote.
      expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      expect(body.split('\r\n').filter((line) => line.startsWith('X-INJECTED'))).toEqual([]);
      expect(readCalendarEvents(body, () => ({}))[0]!.summary).toBe('Amina\nX-INJECTED:1 · video');
    }
  });

  it('folds lines longer than 75 octets, counting bytes, never inside a character', () => {
    // 24 CJK characters are 72 octets: short in characters, long in bytes once the summary grows.
    const name = '欧阳'.repeat(12);
    const body = feedOf(name);
    const lines = body.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(body).not.toContain('\uFFFD');
    expect(readCalendarEvents(body, () => ({}))[0]!.summary).toBe(`${name} · video`);
  });

  it('shows a request from online booking as tentative, a cancelled one as cancelled', () => {
    const statusLines = (status: TAppointmentStatus) =>
      feedOf('Amina Yusuf', status)
        .split('\r\n')
        .filter((line) => line.startsWith('STATUS:'));
    expect(statusLines('requested')).toEqual(['STATUS:TENTATIVE']);
    expect(statusLines('booked')).toEqual(['STATUS:CONFIRMED']);
    expect(statusLines('cancelled')).toEqual(['STATUS:CANCELLED']);
  });

  it('drops the other control characters a stored name may hold, which TEXT does not allow', () => {
    const body = feedOf('Ami\u0000na\u000bYu\u001bsuf\u007f');
    // Only the CRLF that ends each content line is left.
    expect(body.replace(/\r\n/g, '')).not.toMatch(/\p{Cc}/u);
    expect(readCalendarEvents(body, () => ({}))[0]!.summary).toBe('AminaYusuf · video');
  });
});

describe('initialsOf', () => {
  it('takes the first letter of up to three words, in any script', () => {
    expect(initialsOf('Amina Yusuf')).toBe('A.Y.');
    expect(initialsOf('  jean-luc  de la Tour ')).toBe('J.D.L.');
    expect(initialsOf('Ömer Çelik')).toBe('Ö.Ç.');
    expect(initialsOf('ليلى حداد')).toBe('ل.ح.');
    expect(initialsOf('123')).toBe('?');
  });
});
