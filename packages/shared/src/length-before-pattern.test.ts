import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { ZPatientInput } from './patient.ts';
import { ZProfileInput } from './profile.ts';

/**
 * Length limits are checked before any pattern: a value over its limit (up to the API's 256 KiB
 * body) is refused without a regular expression ever reading it. zod runs every check of a
 * field by default, so each limit must abort the checks after it.
 */
const HUGE = `a@${'.'.repeat(256 * 1024)}@`;

const patient = {
  name: 'Amina Haddad',
  diagnosedWith: 'Asthma',
  address: '1 Harbour Road',
  age: 40,
  bloodGroup: 'A+',
  gender: 'Female',
  email: 'amina@example.test',
  phone: '5550001111',
  emergencyContact: { phone: '5550002222' },
  hasChronicDiseases: false,
};
const profile = {
  name: 'Dr Lee',
  email: 'lee@example.test',
  age: '42',
  gender: 'other',
  address: '2 Quay Street',
  phone: '5550003333',
  picture: 'https://example.test/me.png',
};

/** zod's own length check counts code points with this one-character class (linear). */
const ZOD_CODE_POINT_COUNT = '[\\uD800-\\uDBFF]';

/** The longest text any RegExp (other than zod's length count) ran on while `parse` ran. */
function longestTextMatched(parse: () => unknown): number {
  let longest = 0;
  const measure = (regex: RegExp, text: unknown) => {
    if (typeof text === 'string' && regex.source !== ZOD_CODE_POINT_COUNT)
      longest = Math.max(longest, text.length);
  };
  const test = RegExp.prototype.test;
  const exec = RegExp.prototype.exec;
  vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, text: string) {
    measure(this, text);
    return test.call(this, text);
  });
  vi.spyOn(RegExp.prototype, 'exec').mockImplementation(function (this: RegExp, text: string) {
    measure(this, text);
    return exec.call(this, text);
  });
  parse();
  vi.restoreAllMocks();
  return longest;
}

afterEach(() => vi.restoreAllMocks());

describe('a 256 KiB value is refused before any pattern reads it', () => {
  const patientFields = ['name', 'diagnosedWith', 'address', 'email', 'phone'] as const;
  const profileFields = ['name', 'email', 'age', 'address', 'phone', 'picture'] as const;
  type Case = [name: string, schema: z.ZodType, body: object];
  const cases: Case[] = [
    ...patientFields.map((field): Case => [
      `patient ${field}`,
      ZPatientInput,
      { ...patient, [field]: HUGE },
    ]),
    [
      'patient emergency contact phone',
      ZPatientInput,
      { ...patient, emergencyContact: { phone: HUGE } },
    ],
    ...profileFields.map((field): Case => [
      `profile ${field}`,
      ZProfileInput,
      { ...profile, [field]: HUGE },
    ]),
  ];
  it.each(cases)('%s', (_name, schema, body) => {
    let success = true;
    const longest = longestTextMatched(() => {
      success = schema.safeParse(body).success;
    });
    expect(success).toBe(false);
    expect(longest).toBeLessThan(1_000);
  });

  it('the valid bodies themselves pass (the spies see the patterns run)', () => {
    expect(longestTextMatched(() => ZPatientInput.parse(patient))).toBeGreaterThan(0);
    expect(longestTextMatched(() => ZProfileInput.parse(profile))).toBeGreaterThan(0);
  });
});
