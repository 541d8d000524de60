import { describe, expect, it } from 'vitest';
import { messageFor } from './field-message.ts';
import { patientInput } from './patient.factories.ts';
import {
  ageOn,
  latestDateOfBirth,
  PAGE_MESSAGES,
  PATIENT_MESSAGES,
  patientInputFor,
  ZPatientInput,
  ZPatientListQuery,
} from './patient.ts';

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
    ['phone', { phone: '12345' }, PATIENT_MESSAGES.phoneInvalid],
    ['phone', { phone: '555123456a' }, PATIENT_MESSAGES.phoneInvalid],
    ['phone', { phone: '+351 112' }, PATIENT_MESSAGES.phoneInvalid],
    [
      'emergencyContact.phone',
      { emergencyContact: { phone: '' } },
      PATIENT_MESSAGES.emergencyPhoneRequired,
    ],
    [
      'emergencyContact.phone',
      { emergencyContact: { phone: '123' } },
      PATIENT_MESSAGES.emergencyPhoneInvalid,
    ],
    ['dateOfBirth', { dateOfBirth: '1980-02-30' }, PATIENT_MESSAGES.dateOfBirthInvalid],
    ['dateOfBirth', { dateOfBirth: '12/03/1980' }, PATIENT_MESSAGES.dateOfBirthInvalid],
    ['dateOfBirth', { dateOfBirth: '1899-12-31' }, PATIENT_MESSAGES.dateOfBirthTooEarly],
    ['dateOfBirth', { dateOfBirth: '2999-01-01' }, PATIENT_MESSAGES.dateOfBirthFuture],
  ])('rejects %s with the spec message (%j)', (field, change, message) => {
    expect(messageFor(patientInputFor(null), { ...valid, ...change }, field)).toBe(message);
  });

  it('accepts a child born today where the day starts first, not tomorrow', () => {
    const now = new Date('2031-06-10T11:00:00Z');
    expect(latestDateOfBirth(now)).toBe('2031-06-11');
    expect(latestDateOfBirth(new Date('2031-06-10T09:59:59Z'))).toBe('2031-06-10');
  });

  it.each([
    ['1990-05-01', '2031-04-30', 40],
    ['1990-05-01', '2031-05-01', 41],
    ['2000-02-29', '2031-02-28', 30],
    ['2000-02-29', '2031-03-01', 31],
  ])('counts the age from %s to %s as %i', (dateOfBirth, today, age) => {
    expect(ageOn(dateOfBirth, today)).toBe(age);
  });

  it('stores international numbers in E.164 and reads the others in the practice country', () => {
    const international = { ...valid, phone: '+351 912 345 678' };
    expect(ZPatientInput.parse(international).phone).toBe('+351912345678');
    const national = { ...valid, phone: '912 345 678', emergencyContact: { phone: '21 234 5678' } };
    expect(patientInputFor('PT').parse(national)).toMatchObject({
      phone: '+351912345678',
      emergencyContact: { phone: '+351212345678' },
    });
    expect(messageFor(patientInputFor(null), national, 'phone')).toBe(
      PATIENT_MESSAGES.phoneInvalid,
    );
    expect(messageFor(patientInputFor('PT'), { ...valid, phone: '21 234' }, 'phone')).toBe(
      PATIENT_MESSAGES.phoneInvalid,
    );
  });

  it('keeps a 10-digit number as typed when no practice country makes it valid', () => {
    expect(patientInputFor('PT').parse(valid)).toMatchObject({
      phone: valid.phone,
      emergencyContact: valid.emergencyContact,
    });
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
