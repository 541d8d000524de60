import type { TDirectoryDoctorHit, TDirectorySlots } from '@portal/shared/directory-public';
import { DIRECTORY_MESSAGES } from '@portal/shared/directory';
import { describe, expect, it } from 'vitest';
import { createPatient } from '../../../test/factories/patients.ts';
import { createAppointment } from '../../../test/factories/appointments.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';
import { useTestApp } from '../../../test/app.ts';
import { directoryTestKit, REVIEWER_ENV } from './directory.factories.ts';

// The directory's free times: the working hours minus live appointments, in the doctor's zone.
// Monday 2 March 2026, 06:00 UTC: the practitioners' working hours (09:00–17:00 UTC) are ahead.
const NOW = new Date('2026-03-02T06:00:00.000Z');
const ctx = useTestApp({ env: REVIEWER_ENV, deps: { now: () => NOW } });
const { listedDoctor, guest, read } = directoryTestKit(ctx);

describe('GET /api/directory/doctors: the next free slots', () => {
  it('answers each doctor’s next three free slots around live appointments, and none when they do not book online', async () => {
    const busy = await listedDoctor({ name: 'Dr. Nextslots Busy', timeZone: 'Europe/Lisbon' });
    const patient = await createPatient(ctx, busy.headers, { name: 'Morning Patient' });
    await createAppointment(ctx, busy.headers, {
      patientId: patient._id,
      start: '2026-03-02T09:00:00.000Z',
      duration: 45,
    });
    await listedDoctor({ name: 'Dr. Nextslots Off', listing: { onlineBooking: 'off' } });
    const { body } = await read<TDirectoryDoctorHit[]>('/api/directory/doctors?q=Nextslots');
    expect(body.map(({ name, timeZone, nextSlots }) => ({ name, timeZone, nextSlots }))).toEqual([
      {
        name: 'Dr. Nextslots Busy',
        timeZone: 'Europe/Lisbon',
        nextSlots: [
          {
            start: '2026-03-02T09:45:00.000Z',
            end: '2026-03-02T10:15:00.000Z',
            localTime: '09:45',
          },
          {
            start: '2026-03-02T10:00:00.000Z',
            end: '2026-03-02T10:30:00.000Z',
            localTime: '10:00',
          },
          {
            start: '2026-03-02T10:15:00.000Z',
            end: '2026-03-02T10:45:00.000Z',
            localTime: '10:15',
          },
        ],
      },
      { name: 'Dr. Nextslots Off', timeZone: 'UTC', nextSlots: [] },
    ]);
  });
});

describe('GET /api/directory/doctors/:id/slots', () => {
  it('answers the working hours’ free 30-minute slots minus live appointments, and nothing about them', async () => {
    const doctor = await listedDoctor({ name: 'Dr. Slots' });
    const patient = await createPatient(ctx, doctor.headers, { name: 'Booked Patient' });
    await createAppointment(ctx, doctor.headers, {
      patientId: patient._id,
      start: '2026-03-02T10:00:00.000Z',
      duration: 30,
    });
    const { body } = await read<TDirectorySlots>(
      `/api/directory/doctors/${doctor.publicId}/slots?from=2026-03-02&to=2026-03-08`,
    );
    expect(body.timeZone).toBe('UTC');
    expect(body.duration).toBe(30);
    expect(body.days.map((day) => day.date)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    const monday = body.days[0]!.slots.map((slot) => slot.localTime);
    expect(monday.slice(0, 6)).toEqual(['09:00', '09:15', '09:30', '10:30', '10:45', '11:00']);
    expect(monday.at(-1)).toBe('16:30');
    expect(body.days[5]!.slots).toEqual([]);
    expect(body.days[6]!.slots).toEqual([]);
  });

  it('offers a doctor who takes requests no time within 2 hours, which a request could not take', async () => {
    // 06:00 UTC is 10:00 in Dubai, inside the working hours.
    const instant = await listedDoctor({ name: 'Dr. Dubai Instant', timeZone: 'Asia/Dubai' });
    const request = await listedDoctor({
      name: 'Dr. Dubai Request',
      timeZone: 'Asia/Dubai',
      listing: { onlineBooking: 'request' },
    });
    const firstOf = async (publicId: string) =>
      (
        await read<TDirectorySlots>(
          `/api/directory/doctors/${publicId}/slots?from=2026-03-02&to=2026-03-02`,
        )
      ).body.days[0]!.slots[0]!.localTime;
    expect(await firstOf(instant.publicId)).toBe('10:00');
    expect(await firstOf(request.publicId)).toBe('12:00');
    const { body } = await read<TDirectoryDoctorHit[]>('/api/directory/doctors?q=Dubai');
    expect(body.map(({ name, nextSlots }) => [name, nextSlots[0]!.localTime])).toEqual([
      ['Dr. Dubai Instant', '10:00'],
      ['Dr. Dubai Request', '12:00'],
    ]);
  });

  it('offers no slot when the doctor does not book online', async () => {
    const doctor = await listedDoctor({
      name: 'Dr. No Booking',
      listing: { onlineBooking: 'off' },
    });
    const { body } = await read<TDirectorySlots>(
      `/api/directory/doctors/${doctor.publicId}/slots?from=2026-03-02&to=2026-03-02`,
    );
    expect(body.days).toEqual([{ date: '2026-03-02', slots: [] }]);
  });

  it('answers at most 14 days per request', async () => {
    const doctor = await listedDoctor({ name: 'Dr. Fortnight' });
    const url = `/api/directory/doctors/${doctor.publicId}/slots`;
    expect(
      (await read<TDirectorySlots>(`${url}?from=2026-03-02&to=2026-03-15`)).body.days,
    ).toHaveLength(14);
    expectErrorAnswer(await guest(`${url}?from=2026-03-02&to=2026-03-16`, '192.0.2.251'), 400, {
      code: 'VALIDATION_FAILED',
      message: DIRECTORY_MESSAGES.slotRangeInvalid,
      fieldErrors: { to: DIRECTORY_MESSAGES.slotRangeInvalid },
    });
    expectErrorAnswer(await guest(`${url}?to=2026-04-30`, '192.0.2.251'), 400, {
      code: 'VALIDATION_FAILED',
      message: DIRECTORY_MESSAGES.slotRangeInvalid,
      fieldErrors: { to: DIRECTORY_MESSAGES.slotRangeInvalid },
    });
  });
});
