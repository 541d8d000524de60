import type { TAppointmentInput } from './appointment.ts';
import { DEFAULT_WORKING_HOURS, SCHEDULE_LIMITS, type TScheduleSettings } from './profile.ts';

/**
 * The one test factory of a valid appointment, shared by the API's and the web's tests
 * (imported by tests only). The patient must be one of the practitioner's own, so its id is
 * always given.
 */
export function appointmentInput(
  overrides: Partial<TAppointmentInput> & Pick<TAppointmentInput, 'patientId'>,
): TAppointmentInput {
  return {
    start: '2026-03-02T09:00:00.000Z',
    duration: 30,
    kind: 'in-person',
    reason: 'Follow-up',
    note: '',
    status: 'booked',
    ...overrides,
  };
}

/** A practitioner's schedule settings as a new account has them; override what a test is about. */
export function scheduleSettings(overrides: Partial<TScheduleSettings> = {}): TScheduleSettings {
  return {
    timeZone: SCHEDULE_LIMITS.defaultTimeZone,
    workingHours: DEFAULT_WORKING_HOURS,
    reminderMinutes: SCHEDULE_LIMITS.defaultReminderMinutes,
    calendarFullNames: false,
    reminderHours: SCHEDULE_LIMITS.defaultReminderHours,
    ...overrides,
  };
}
