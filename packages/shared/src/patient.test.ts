import { describe, expect, it } from 'vitest';
import { messageFor } from './field-message.ts';
import { patientInput } from './patient.factories.ts';
import { PAGE_MESSAGES, PATIENT_MESSAGES, ZPatientInput, ZPatientListQuery } from './patient.ts';

const valid = patientInput();

describe('ZPatientInput', () => {
  it('accepts a complete patient', () => {
    expect(ZPatientInput.parse(valid)).toEqual(valid);
  });

  it.each([
    ['name', { name: '' }, PATIENT_MESSAGES.nameRequired],
    ['name', { name: '   ' }, PATIENT_MESSAGES.nameRequired],
    ['diagnosedWith', { diagnosedWith: undefined }, PATIENT_MESSAGES.diagnosisRequired],
    ['address', { address: '' }, PATIENT_MESSAGES.addressRequired],
    ['age', { age: undefined }, PATIENT_MESSAGES.ageRequired],
    ['age', { age: Number.NaN }, PATIENT_MESSAGES.ageRequired],
    ['age', { age: -1 }, PATIENT_MESSAGES.ageNegative],
    ['bloodGroup', { bloodGroup: '' }, PATIENT_MESSAGES.bloodGroupRequired],
    ['bloodGroup', { bloodGroup: 'C+' }, PATIENT_MESSAGES.bloodGroupRequired],
    ['gender', { gender: '' }, PATIENT_MESSAGES.genderRequired],
    ['email', { email: 'not-an-email' }, PATIENT_MESSAGES.emailInvalid],
    ['phone', { phone: '' }, PATIENT_MESSAGES.phoneRequired],
    ['phone', { phone: '12345' }, PATIENT_MESSAGES.phoneDigits],
    ['phone', { phone: '555123456a' }, PATIENT_MESSAGES.phoneDigits],
    [
      'emergencyContact.phone',
      { emergencyContact: { phone: '' } },
      PATIENT_MESSAGES.emergencyPhoneRequired,
    ],
    [
      'emergencyContact.phone',
      { emergencyContact: { phone: '123' } },
      PATIENT_MESSAGES.emergencyPhoneDigits,
    ],
  ])('rejects %s with the spec message (%j)', (field, change, message) => {
    expect(messageFor(ZPatientInput, { ...valid, ...change }, field)).toBe(message);
  });

  it('treats an empty email as absent and accepts a missing one', () => {
    expect(ZPatientInput.safeParse({ ...valid, email: '' }).success).toBe(true);
    const { email: _email, ...withoutEmail } = valid;
    expect(ZPatientInput.safeParse(withoutEmail).success).toBe(true);
  });

  it('rejects unknown fields such as an owner id', () => {
    expect(ZPatientInput.safeParse({ ...valid, ownerId: 'someone-else' }).success).toBe(false);
  });
});

describe('control characters', () => {
  it.each([
    ['name', { name: 'Ami\u0000na' }, PATIENT_MESSAGES.invalidCharacters],
    ['address', { address: 'Road\u001b[2J' }, PATIENT_MESSAGES.invalidCharacters],
    ['email', { email: 'a\u0000b@example.com' }, PATIENT_MESSAGES.emailInvalid],
  ])('rejects them in %s (%j)', (field, change, message) => {
    expect(messageFor(ZPatientInput, { ...valid, ...change }, field)).toBe(message);
  });

  it('keeps line breaks and tabs, which addresses use', () => {
    expect(ZPatientInput.safeParse({ ...valid, address: 'Line 1\nLine 2\tFlat 3' }).success).toBe(
      true,
    );
  });
});

describe('ZPatientListQuery', () => {
  it('defaults limit to 50 and reads it from the query string', () => {
    expect(ZPatientListQuery.parse({})).toEqual({ limit: 50 });
    expect(ZPatientListQuery.parse({ limit: '200', q: 'ab' })).toEqual({ limit: 200, q: 'ab' });
  });

  it.each(['0', '201', '1.5', 'x'])('rejects limit=%s', (limit) => {
    expect(ZPatientListQuery.safeParse({ limit }).error?.issues[0]?.message).toBe(
      PAGE_MESSAGES.limit,
    );
  });
});
