import { describe, expect, it } from 'vitest';
import { ZAppointment, type TAppointment, type TFreeSlots } from '@portal/shared/appointment';
import { DEFAULT_WORKING_HOURS } from '@portal/shared/profile';
import { addDays, fromWallTime } from '@portal/shared/zoned-time';
import { type AuthHeaders, useTestApp } from '../../../test/app.ts';
import { bookingPractitioner, cancelAppointment } from '../../../test/factories/appointments.ts';
import { putSchedule } from '../../../test/factories/schedule.ts';
import { toApiAppointment } from './appointments.fields.ts';

/** Local times across daylight-saving changes (Europe/Berlin: 2027-03-28, clocks 02:00 → 03:00). */
const ctx = useTestApp({ deps: { now: () => now } });
/** "Now" for the free slots: before every day these tests look at, bar the last one's. */
let now = new Date('2027-01-04T12:00:00Z');

const practitioner = (timeZone: string) => bookingPractitioner(ctx, { timeZone, patient: {} });

async function slotsOf(headers: AuthHeaders, date: string, duration: number) {
  const response = await ctx.app.inject({
    url: `/api/appointments/free-slots?date=${date}&duration=${duration}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as TFreeSlots;
}

describe('appointments in local time', () => {
  it('keeps a weekly 09:00 appointment at 09:00 local across the change to summer time', async () => {
    const { headers, create } = await practitioner('Europe/Berlin');
    const mondays = [0, 7, 14, 21].map((days) => addDays('2027-03-15', days));
    for (const date of mondays) {
      await create({
        start: fromWallTime({ date, time: '09:00' }, 'Europe/Berlin').toISOString(),
      });
    }
    const response = await ctx.app.inject({
      url: '/api/appointments?from=2027-03-15T00:00:00Z&to=2027-04-06T00:00:00Z',
      headers,
    });
    const agenda = response.json() as TAppointment[];
    expect(agenda.map((a) => a.localStart)).toEqual(mondays.map((date) => `${date}T09:00`));
    // The instants differ by the clock change: 08:00 UTC in winter, 07:00 UTC in summer.
    expect(agenda.map((a) => a.start.slice(11, 16))).toEqual(['08:00', '08:00', '07:00', '07:00']);
  });

  it('starts free slots at 09:00 local on either side of the change', async () => {
    const { headers } = await practitioner('Europe/Berlin');
    const winter = await slotsOf(headers, '2027-03-22', 30);
    const summer = await slotsOf(headers, '2027-03-29', 30);
    expect(winter.slots[0]).toEqual({
      start: '2027-03-22T08:00:00.000Z',
      end: '2027-03-22T08:30:00.000Z',
      localTime: '09:00',
    });
    expect(summer.slots[0]).toMatchObject({
      start: '2027-03-29T07:00:00.000Z',
      localTime: '09:00',
    });
    // 09:00–17:00 holds 15 half-hour slots on a 15-minute grid either way.
    expect(winter.slots).toHaveLength(31);
    expect(summer.slots).toHaveLength(31);
    expect(summer.slots.at(-1)!.localTime).toBe('16:30');
  });

  it('gives the night of the change only the hours its clock really has', async () => {
    const { headers } = await practitioner('Europe/Berlin');
    await putSchedule(ctx, headers, {
      workingHours: { ...DEFAULT_WORKING_HOURS, sunday: { start: '00:00', end: '06:00' } },
    });
    const night = await slotsOf(headers, '2027-03-28', 60);
    const times = night.slots.map((slot) => slot.localTime);
    // 00:00–06:00 local is five real hours that night: 02:00–02:59 does not exist.
    expect(times).toHaveLength(17);
    expect(times).toContain('01:45');
    expect(times).not.toContain('02:00');
    expect(times[times.indexOf('01:45') + 1]).toBe('03:00');
    expect(times.at(-1)).toBe('05:00');
  });
});

describe('GET /api/appointments/free-slots', () => {
  it('leaves out live appointments but not cancelled ones, and answers no slots on a day off', async () => {
    const { headers, create } = await practitioner('America/New_York');
    const date = '2027-06-07'; // a Monday
    const at = (time: string) => fromWallTime({ date, time }, 'America/New_York').toISOString();
    await create({
      start: at('10:00'),
      duration: 30,
    });
    const cancelled = await create({
      start: at('14:00'),
      duration: 60,
    });
    await cancelAppointment(ctx, headers, cancelled);
    const { slots, timeZone } = await slotsOf(headers, date, 30);
    expect(timeZone).toBe('America/New_York');
    const times = slots.map((slot) => slot.localTime);
    expect(times).toContain('09:30');
    expect(times).not.toContain('09:45');
    expect(times).not.toContain('10:00');
    expect(times).not.toContain('10:15');
    expect(times).toContain('10:30');
    expect(times).toContain('14:00');
    expect((await slotsOf(headers, '2027-06-06', 30)).slots).toEqual([]);
  });

  it('offers nothing that has already begun today', async () => {
    const { headers } = await practitioner('America/New_York');
    now = fromWallTime({ date: '2027-06-08', time: '14:05' }, 'America/New_York');
    try {
      const { slots } = await slotsOf(headers, '2027-06-08', 30);
      expect(slots[0]!.localTime).toBe('14:15');
    } finally {
      now = new Date('2027-01-04T12:00:00Z');
    }
  });

  it('refuses a day that does not exist and a duration out of range', async () => {
    const { headers } = await practitioner('UTC');
    for (const query of ['date=2027-02-30&duration=30', 'date=2027-02-03&duration=481']) {
      const response = await ctx.app.inject({
        url: `/api/appointments/free-slots?${query}`,
        headers,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('an appointment as the agenda answers it', () => {
  // The agenda's list writes `toApiAppointment`'s object as it is, without the schema's
  // serializer: it must already be what the schema would write, byte for byte.
  it("is the schema's own output, field order included, with and without the optional fields", () => {
    const base = {
      id: '5b0c8f1e-3a2d-4e6f-9a8b-7c6d5e4f3a2b',
      ownerId: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d',
      patientId: '2b3c4d5e-6f7a-4b9c-8d1e-2f3a4b5c6d7e',
      patientName: 'Amina "Mina" Haddad',
      startsAt: new Date('2026-03-29T00:30:00.000Z'),
      endsAt: new Date('2026-03-29T01:15:00.000Z'),
      kind: 'video',
      reason: 'Review',
      note: '',
      status: 'booked',
      bookedBy: null,
      requestExpiresAt: null,
      cancelReason: null,
      declineMessage: null,
      sequence: 0,
      createdAt: new Date('2026-03-01T10:00:00.123Z'),
      updatedAt: new Date('2026-03-02T10:00:00.456Z'),
      timeZone: 'Europe/Berlin',
    };
    const declined = {
      ...base,
      status: 'cancelled',
      requestExpiresAt: new Date('2026-03-28T22:30:00.000Z'),
      cancelReason: 'declined',
      declineMessage: 'Please call the practice.',
    };
    for (const row of [base, declined]) {
      const answer = toApiAppointment(row);
      expect(JSON.stringify(answer)).toBe(JSON.stringify(ZAppointment.parse(answer)));
    }
  });
});
