import { describe, expect, it } from 'vitest';
import { appointmentInput, scheduleSettings } from './appointment.factories.ts';
import {
  APPOINTMENT_MESSAGES,
  ZAppointmentInput,
  ZAppointmentListQuery,
  ZFreeSlotsQuery,
} from './appointment.ts';
import { messageFor } from './field-message.ts';
import { messageCodeOf } from './messages.ts';
import { SCHEDULE_MESSAGES, ZScheduleInput, ZScheduleSettings, ZSignInInput } from './profile.ts';

const patientId = '0b8f6d64-2f0e-4a57-9a52-3a3d3b4b5c6d';

describe('ZAppointmentInput', () => {
  it('accepts the factory appointment, trimming texts and defaulting the status', () => {
    const { status: _status, ...rest } = appointmentInput({ patientId, reason: '  Cough  ' });
    expect(ZAppointmentInput.parse(rest)).toMatchObject({ reason: 'Cough', status: 'booked' });
  });

  it('refuses durations outside 5–480 minutes and fractions', () => {
    for (const duration of [4, 481, 30.5, '30']) {
      expect(
        messageFor(
          ZAppointmentInput,
          appointmentInput({ patientId, duration } as never),
          'duration',
        ),
      ).toBe(APPOINTMENT_MESSAGES.durationRange);
    }
    expect(
      ZAppointmentInput.safeParse(appointmentInput({ patientId, duration: 480 })).success,
    ).toBe(true);
  });

  it('refuses a reason over 200 characters, an unknown kind, a start without an offset and extra fields', () => {
    const input = appointmentInput({ patientId });
    expect(messageFor(ZAppointmentInput, { ...input, reason: 'x'.repeat(201) }, 'reason')).toBe(
      APPOINTMENT_MESSAGES.reasonTooLong,
    );
    expect(messageFor(ZAppointmentInput, { ...input, kind: 'house-call' }, 'kind')).toBe(
      APPOINTMENT_MESSAGES.kindRequired,
    );
    expect(messageFor(ZAppointmentInput, { ...input, start: '2026-03-02T09:00' }, 'start')).toBe(
      APPOINTMENT_MESSAGES.startRequired,
    );
    expect(messageFor(ZAppointmentInput, { ...input, patientId: 'me' }, 'patientId')).toBe(
      APPOINTMENT_MESSAGES.patientRequired,
    );
    expect(ZAppointmentInput.safeParse({ ...input, ownerId: patientId }).success).toBe(false);
  });
});

describe('ZAppointmentListQuery', () => {
  const query = { from: '2026-03-01T00:00:00Z', to: '2026-05-02T00:00:00Z' };

  it('accepts a range of exactly 62 days, with the default page size', () => {
    expect(ZAppointmentListQuery.parse(query)).toMatchObject({ ...query, limit: 50 });
  });

  it('refuses a longer range, a reversed one and missing ends', () => {
    expect(messageFor(ZAppointmentListQuery, { ...query, to: '2026-05-02T00:00:01Z' }, 'to')).toBe(
      APPOINTMENT_MESSAGES.rangeTooLong,
    );
    expect(messageFor(ZAppointmentListQuery, { from: query.to, to: query.from }, 'to')).toBe(
      APPOINTMENT_MESSAGES.rangeOrder,
    );
    expect(messageFor(ZAppointmentListQuery, { from: query.from }, 'to')).toBe(
      APPOINTMENT_MESSAGES.rangeInvalid,
    );
  });
});

describe('ZFreeSlotsQuery', () => {
  it('takes a real day and a duration given as query text', () => {
    expect(ZFreeSlotsQuery.parse({ date: '2026-03-29', duration: '30' })).toEqual({
      date: '2026-03-29',
      duration: 30,
    });
    expect(messageFor(ZFreeSlotsQuery, { date: '2026-02-30', duration: '30' }, 'date')).toBe(
      APPOINTMENT_MESSAGES.dateInvalid,
    );
    expect(messageFor(ZFreeSlotsQuery, { date: '2026-02-03', duration: '1' }, 'duration')).toBe(
      APPOINTMENT_MESSAGES.durationRange,
    );
  });
});

describe('schedule settings', () => {
  it('defaults to Monday–Friday 09:00–17:00 in UTC with a 15-minute reminder', () => {
    const settings = scheduleSettings();
    expect(ZScheduleSettings.parse(settings)).toEqual(settings);
    expect(settings.workingHours.monday).toEqual({ start: '09:00', end: '17:00' });
    expect(settings.workingHours.sunday).toBeNull();
  });

  it('checks the schedule fields the profile update takes', () => {
    const schedule = ZScheduleInput;
    expect(schedule.parse({})).toEqual({});
    expect(messageFor(schedule, { timeZone: '+01:00' }, 'timeZone')).toBe(
      SCHEDULE_MESSAGES.timeZoneInvalid,
    );
    const late = { ...scheduleSettings().workingHours, monday: { start: '17:00', end: '09:00' } };
    expect(messageFor(schedule, { workingHours: late }, 'workingHours.monday')).toBe(
      SCHEDULE_MESSAGES.workingHoursInvalid,
    );
    expect(messageFor(schedule, { reminderMinutes: -5 }, 'reminderMinutes')).toBe(
      SCHEDULE_MESSAGES.reminderInvalid,
    );
    expect(schedule.parse({ reminderMinutes: null })).toEqual({ reminderMinutes: null });
  });

  it('takes the browser time zone at sign-in and nothing else', () => {
    expect(ZSignInInput.parse({ timeZone: 'Asia/Tokyo' })).toEqual({ timeZone: 'Asia/Tokyo' });
    expect(ZSignInInput.safeParse({ timeZone: 'Nowhere/Land' }).success).toBe(false);
    expect(ZSignInInput.safeParse({ name: 'x' }).success).toBe(false);
  });

  it('gives every appointment and schedule message a code for translation', () => {
    for (const message of [
      ...Object.values(APPOINTMENT_MESSAGES),
      ...Object.values(SCHEDULE_MESSAGES),
    ]) {
      expect(messageCodeOf(message)).toMatch(/^(appointment|schedule)\./);
    }
  });
});
