import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLOOD_GROUPS,
  PATIENT_GENDERS,
  PATIENT_MESSAGES as M,
  ZPatientInput,
} from '@portal/shared/patient';
import { storedPhone } from '@portal/shared/phone';
import { useSignedInUser, useTestApp } from '../../../test/app.ts';
import { eachLimited } from '../../../test/each-limited.ts';
import { createPatient } from '../../../test/factories/patients.ts';

const SEED = 20_241_106;
const NOT_ALLOWED = 'This field is not allowed.';
const DROP = Symbol('drop the field');

// One user sends thousands of requests within a minute: far above the per-user budget
// (USER_RATE_LIMIT_PER_MINUTE, tested in test/rate-limits.test.ts).
const ctx = useTestApp({
  env: { LOG_LEVEL: 'info', USER_RATE_LIMIT_PER_MINUTE: '1000000000' },
});
const user = useSignedInUser(ctx);

async function patientCount(): Promise<number> {
  const { rows } = await ctx.database.pool.query('select count(*)::int as n from patients');
  return rows[0].n;
}

// ---- Valid values, from the schema's rules -------------------------------------------------
const safeChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz ABCXYZ-.,'éçü中文دي0123456789");
const text = (max: number) =>
  fc
    .string({ unit: safeChar, minLength: 1, maxLength: Math.min(max, 60) })
    .filter((s) => s.trim().length > 0);
const digits10 = fc.string({
  unit: fc.constantFrom(...'0123456789'),
  minLength: 10,
  maxLength: 10,
});
const validPatient = fc.record({
  name: text(200),
  diagnosedWith: text(500),
  address: text(500),
  age: fc.integer({ min: 0, max: 150 }),
  bloodGroup: fc.constantFrom(...BLOOD_GROUPS),
  gender: fc.constantFrom(...PATIENT_GENDERS),
  email: fc.constantFrom('', 'a@b.co', 'someone.else@example.org'),
  phone: digits10,
  emergencyContact: fc.record({ phone: digits10 }),
  hasChronicDiseases: fc.boolean(),
});

// ---- Violations: [value (or DROP), the field path it breaks, the message expected] ---------
type Violation = { value: unknown; path: string; message: string };
const nonString = fc.oneof(
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
);
const blank = fc.constantFrom('', ' ', '   ', '\t', '\n \n');
const CONTROL = fc.constantFrom('\u0000', '\u0001', '\u0007', '\u001b', '\u007f');

function requiredTextViolations(field: string, max: number, required: string) {
  return fc.oneof(
    fc.constant<Violation>({ value: DROP, path: field, message: required }),
    blank.map((value) => ({ value, path: field, message: required })),
    nonString.map((value) => ({ value, path: field, message: required })),
    fc
      .string({
        unit: fc.constantFrom('x', 'y', 'é', '中'),
        minLength: max + 1,
        maxLength: max + 40,
      })
      .map((value) => ({ value, path: field, message: M.tooLong })),
    fc
      .tuple(text(20), CONTROL, text(20))
      .map(([a, c, b]) => ({ value: `a${a}${c}${b}b`, path: field, message: M.invalidCharacters })),
  );
}

function phoneViolations(path: string, required: string, tenDigits: string) {
  return fc.oneof(
    fc.constant<Violation>({ value: DROP, path, message: required }),
    blank.map((value) => ({ value, path, message: required })),
    nonString.map((value) => ({ value, path, message: required })),
    fc
      .string({ unit: fc.constantFrom(...'0123456789-+() ab'), minLength: 1, maxLength: 16 })
      .filter((s) => s.trim().length > 0 && storedPhone(s, null) === undefined)
      .map((value) => ({ value, path, message: tenDigits })),
  );
}

const violations: Record<string, fc.Arbitrary<Violation>> = {
  name: requiredTextViolations('name', 200, M.nameRequired),
  diagnosedWith: requiredTextViolations('diagnosedWith', 500, M.diagnosisRequired),
  address: requiredTextViolations('address', 500, M.addressRequired),
  age: fc.oneof(
    fc.constant<Violation>({ value: DROP, path: 'age', message: M.ageRequired }),
    fc.oneof(fc.string(), fc.constant(null), fc.boolean()).map((value) => ({
      value,
      path: 'age',
      message: M.ageRequired,
    })),
    fc
      .double({ min: 0.01, max: 149.99, noNaN: true })
      .filter((n) => !Number.isInteger(n))
      .map((value) => ({ value, path: 'age', message: M.ageRequired })),
    fc
      .integer({ min: -1_000_000, max: -1 })
      .map((value) => ({ value, path: 'age', message: M.ageNegative })),
    fc
      .integer({ min: 151, max: 1_000_000 })
      .map((value) => ({ value, path: 'age', message: M.ageTooHigh })),
  ),
  bloodGroup: fc.oneof(
    fc.constant<Violation>({ value: DROP, path: 'bloodGroup', message: M.bloodGroupRequired }),
    fc
      .oneof(fc.string({ maxLength: 4 }), fc.constantFrom('a+', 'o-', 'AB', '0+', 'A +'), nonString)
      .filter((v) => !(BLOOD_GROUPS as readonly unknown[]).includes(v))
      .map((value) => ({ value, path: 'bloodGroup', message: M.bloodGroupRequired })),
  ),
  gender: fc.oneof(
    fc.constant<Violation>({ value: DROP, path: 'gender', message: M.genderRequired }),
    fc
      .oneof(
        fc.string({ maxLength: 8 }),
        fc.constantFrom('male', 'female', 'other', 'Unknown'),
        nonString,
      )
      .filter((v) => !(PATIENT_GENDERS as readonly unknown[]).includes(v))
      .map((value) => ({ value, path: 'gender', message: M.genderRequired })),
  ),
  email: fc.oneof(
    fc
      .oneof(
        fc.constantFrom(
          'plainaddress',
          'a@b',
          '@example.com',
          'a b@c.de',
          'a@@b.c',
          'x@y.',
          'a@b .c',
        ),
        fc.string({ maxLength: 30 }),
      )
      .filter((s) => s.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim()))
      .map((value) => ({ value, path: 'email', message: M.emailInvalid })),
    fc.constantFrom(`${'a'.repeat(250)}@b.co`, 'a\u0000b@c.de').map((value) => ({
      value,
      path: 'email',
      message: M.emailInvalid,
    })),
    fc.oneof(fc.integer(), fc.constant(null), fc.boolean()).map((value) => ({
      value,
      path: 'email',
      message: M.emailInvalid,
    })),
  ),
  phone: phoneViolations('phone', M.phoneRequired, M.phoneInvalid),
  emergencyContact: fc.oneof(
    fc.constantFrom<Violation>(
      { value: DROP, path: 'emergencyContact', message: M.emergencyPhoneRequired },
      { value: null, path: 'emergencyContact', message: M.emergencyPhoneRequired },
      { value: '5551234567', path: 'emergencyContact', message: M.emergencyPhoneRequired },
    ),
    phoneViolations(
      'emergencyContact.phone',
      M.emergencyPhoneRequired,
      M.emergencyPhoneInvalid,
    ).map((v) => ({ ...v, value: v.value === DROP ? {} : { phone: v.value } })),
    digits10.map((phone) => ({
      value: { phone, relation: 'mother' },
      path: 'emergencyContact.relation',
      message: NOT_ALLOWED,
    })),
  ),
};

const extraField = fc
  .constantFrom(
    'ownerId',
    'owner_id',
    '_id',
    'id',
    'createdAt',
    'updatedAt',
    'deletedAt',
    'isAdmin',
    '__proto__x',
  )
  .map((key) => ({ key, violation: { value: 'injected', path: key, message: NOT_ALLOWED } }));

/** A valid patient with one to three fields broken (and maybe an extra field): body + expected fieldErrors. */
const invalidPatient = fc
  .record({
    base: validPatient,
    broken: fc.uniqueArray(fc.constantFrom(...Object.keys(violations)), {
      minLength: 1,
      maxLength: 3,
    }),
    extra: fc.option(extraField, { nil: undefined }),
  })
  .chain(({ base, broken, extra }) =>
    fc.tuple(...broken.map((field) => violations[field]!)).map((chosen) => {
      const body: Record<string, unknown> = { ...base };
      const expected: Record<string, string> = {};
      broken.forEach((field, i) => {
        const violation = chosen[i]!;
        if (violation.value === DROP) delete body[field];
        else body[field] = violation.value;
        expected[violation.path] = violation.message;
      });
      if (extra) {
        body[extra.key] = extra.violation.value;
        expected[extra.violation.path] = extra.violation.message;
      }
      return { body, expected };
    }),
  );

describe('1,000 property-generated invalid patients', () => {
  const samples = fc.sample(invalidPatient, { seed: SEED, numRuns: 1_000 });

  it('the oracle agrees with the shared schema (every sample is invalid for the reasons expected)', () => {
    for (const { body, expected } of samples) {
      const result = ZPatientInput.safeParse(body);
      expect(result.success).toBe(false);
      const paths = new Set(result.error!.issues.map((issue) => issue.path.join('.') || '_'));
      for (const path of Object.keys(expected)) {
        if (!paths.has(path)) {
          // unrecognized keys are reported on the parent object with the key names
          const unknown = result.error!.issues.find(
            (issue) =>
              issue.code === 'unrecognized_keys' && issue.keys.includes(path.split('.').pop()!),
          );
          expect(unknown, `${path} in ${JSON.stringify(body)}`).toBeDefined();
        }
      }
    }
  });

  it('each answers 400 with the spec message for every broken field, and nothing is stored', async () => {
    const before = await patientCount();
    const failures: string[] = [];
    const check = async (
      { body, expected }: (typeof samples)[number],
      method: 'POST' | 'PUT',
      url: string,
    ) => {
      const response = await ctx.app.inject({ method, url, headers: user.headers, payload: body });
      const answer = response.json() as { code?: string; message?: string; fieldErrors?: object };
      const isRight =
        response.statusCode === 400 &&
        answer.code === 'VALIDATION_FAILED' &&
        Object.values(expected).includes(answer.message!) &&
        JSON.stringify(Object.entries(answer.fieldErrors ?? {}).sort()) ===
          JSON.stringify(Object.entries(expected).sort());
      if (!isRight)
        failures.push(
          `${method} ${JSON.stringify(body)} → ${response.statusCode} ${response.body}`,
        );
    };
    await eachLimited(samples, 8, (sample) => check(sample, 'POST', '/api/records/patients'));
    expect(failures.slice(0, 5)).toEqual([]);
    expect(await patientCount()).toBe(before);
  });

  it('the same 1,000 as updates change nothing', async () => {
    const own = await createPatient(ctx, user.headers);
    const failures: string[] = [];
    await eachLimited(samples, 8, async ({ body }) => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/records/patients/${own._id}`,
        headers: user.headers,
        payload: body,
      });
      if (response.statusCode !== 400)
        failures.push(`${response.statusCode} ${JSON.stringify(body)}`);
    });
    expect(failures.slice(0, 5)).toEqual([]);
    const stored = await ctx.app.inject({
      url: `/api/records/patients/${own._id}`,
      headers: user.headers,
    });
    expect(stored.json().updatedAt).toBe(own.updatedAt);
  });
});
