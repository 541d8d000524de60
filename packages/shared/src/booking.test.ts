import { describe, expect, it } from 'vitest';
import { appointmentInput } from './appointment.factories.ts';
import {
  APPOINTMENT_MESSAGES,
  requestExpiresAt,
  ZAppointmentDeclineInput,
  ZAppointmentInput,
} from './appointment.ts';
import { BOOKING_MESSAGES, ZDirectoryBookingInput } from './booking.ts';
import { messageFor } from './field-message.ts';

const booking = { start: '2030-03-04T09:00:00+01:00', kind: 'video', reason: 'Back pain' };
const dependant = { givenName: 'Lina', familyName: 'Haddad', birthDate: '2018-06-01' };

describe('ZDirectoryBookingInput', () => {
  it('books for the booker by default, the duration left to the practitioner', () => {
    expect(ZDirectoryBookingInput.parse(booking)).toEqual({ ...booking, for: 'self' });
  });

  it('takes a dependant by given name, family name and date of birth, trimmed', () => {
    const parsed = ZDirectoryBookingInput.parse({
      ...booking,
      for: { dependant: { ...dependant, givenName: '  Lina ' } },
    });
    expect(parsed.for).toEqual({ dependant });
  });

  it('refuses each field with its own message', () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ start: '2030-03-04 09:00' }, 'start', BOOKING_MESSAGES.startRequired],
      [{ duration: 4 }, 'duration', BOOKING_MESSAGES.durationRange],
      [{ kind: 'house-call' }, 'kind', BOOKING_MESSAGES.kindRequired],
      [{ reason: '   ' }, 'reason', BOOKING_MESSAGES.reasonRequired],
      [{ reason: 'x'.repeat(201) }, 'reason', BOOKING_MESSAGES.reasonRequired],
      [{ for: 'parent' }, 'for', BOOKING_MESSAGES.forInvalid],
      [
        { for: { dependant: { ...dependant, givenName: '' } } },
        'for.dependant.givenName',
        BOOKING_MESSAGES.givenNameRequired,
      ],
      [
        { for: { dependant: { ...dependant, familyName: 'a\nb' } } },
        'for.dependant.familyName',
        BOOKING_MESSAGES.nameTooLong,
      ],
      [
        { for: { dependant: { ...dependant, birthDate: '2999-01-01' } } },
        'for.dependant.birthDate',
        BOOKING_MESSAGES.birthDateInvalid,
      ],
      [
        { for: { dependant: { ...dependant, birthDate: '1899-12-31' } } },
        'for.dependant.birthDate',
        BOOKING_MESSAGES.birthDateInvalid,
      ],
    ];
    for (const [change, path, message] of cases) {
      expect(messageFor(ZDirectoryBookingInput, { ...booking, ...change }, path)).toBe(message);
    }
  });

  it('refuses unknown fields, among them a patient id or a status', () => {
    expect(ZDirectoryBookingInput.safeParse({ ...booking, status: 'booked' }).success).toBe(false);
    expect(
      ZDirectoryBookingInput.safeParse({
        ...booking,
        patientId: '0b8f6d64-2f0e-4a57-9a52-3a3d3b4b5c6d',
      }).success,
    ).toBe(false);
  });
});

describe('requests', () => {
  it('the practitioner’s form never sets requested', () => {
    const input = appointmentInput({ patientId: '0b8f6d64-2f0e-4a57-9a52-3a3d3b4b5c6d' });
    expect(messageFor(ZAppointmentInput, { ...input, status: 'requested' }, 'status')).toBe(
      APPOINTMENT_MESSAGES.statusInvalid,
    );
  });

  it('a request expires 48 hours after it was made, or 2 hours before its start if sooner', () => {
    const at = new Date('2030-03-01T10:00:00Z');
    expect(requestExpiresAt(at, new Date('2030-03-10T10:00:00Z')).toISOString()).toBe(
      '2030-03-03T10:00:00.000Z',
    );
    expect(requestExpiresAt(at, new Date('2030-03-02T10:00:00Z')).toISOString()).toBe(
      '2030-03-02T08:00:00.000Z',
    );
  });

  it('a decline message is optional and at most 500 characters', () => {
    expect(ZAppointmentDeclineInput.parse({})).toEqual({ message: '' });
    expect(messageFor(ZAppointmentDeclineInput, { message: 'x'.repeat(501) }, 'message')).toBe(
      APPOINTMENT_MESSAGES.declineMessageTooLong,
    );
  });
});
