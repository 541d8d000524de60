import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APPOINTMENT_KINDS,
  APPOINTMENT_MESSAGES as M,
  PRACTITIONER_APPOINTMENT_STATUSES,
  ZAppointmentInput,
} from '@portal/shared/appointment';
import { type AuthHeaders, signIn, useTestApp } from '../../../test/app.ts';
import { createPatient } from '../../../test/factories/patients.ts';

/**
 * The appointment body, property-based (the patients.fuzz pattern): valid bodies are booked or
 * refused as a clash, never as invalid; each broken field is refused with its own message and
 * nothing is stored; the API and the shared schema agree on every body.
 */
const SEED = 20_261_123;
const DROP = Symbol('drop the field');

const ctx = useTestApp({ env: { USER_RATE_LIMIT_PER_MINUTE: '1000000000' } });
let headers: AuthHeaders;
let patientId: string;
beforeAll(async () => {
  const user = await signIn(ctx, { timeZone: 'Europe/Paris' });
  headers = user.headers;
  patientId = (await createPatient(ctx, headers))._id;
});

async function appointmentCount(): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    'select count(*)::int as n from appointments',
  );
  return rows[0]!.n;
}

const safeChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz ABC-.,'éçü中文دي0123456789");
const instant = fc
  .integer({ min: 0, max: 60 * 24 * 90 })
  .chain((minutes) =>
    fc
      .constantFrom('Z', '+02:00', '-05:30')
      .map((offset) =>
        new Date(Date.UTC(2027, 0, 1) + minutes * 60_000).toISOString().replace('Z', offset),
      ),
  );
const validBody = () =>
  fc.record({
    patientId: fc.constant(patientId),
    start: instant,
    duration: fc.integer({ min: 5, max: 480 }),
    kind: fc.constantFrom(...APPOINTMENT_KINDS),
    reason: fc.string({ unit: safeChar, maxLength: 200 }),
    note: fc.string({ unit: safeChar, maxLength: 300 }),
    status: fc.constantFrom(...PRACTITIONER_APPOINTMENT_STATUSES),
  });

type Violation = { value: unknown; path: string; message: string };
const nonString = fc.oneof(fc.integer(), fc.constant(null), fc.boolean(), fc.constant({}));
const violations: fc.Arbitrary<Violation> = fc.oneof(
  fc.constant<Violation>({ value: DROP, path: 'patientId', message: M.patientRequired }),
  fc
    .oneof(fc.string({ maxLength: 40 }), nonString)
    .map((value) => ({ value, path: 'patientId', message: M.patientRequired })),
  fc.constant<Violation>({ value: DROP, path: 'start', message: M.startRequired }),
  fc
    .oneof(
      fc.constantFrom('2027-02-30T09:00:00Z', '2027-01-01T24:00:00Z', '2027-01-01T09:00', 'now'),
      fc.string({ maxLength: 50 }),
      nonString,
    )
    .map((value) => ({ value, path: 'start', message: M.startRequired })),
  fc
    .oneof(
      fc.integer({ max: 4 }),
      fc.integer({ min: 481 }),
      fc.double({ min: 5.01, max: 479.99, noNaN: true }).filter((n) => !Number.isInteger(n)),
      fc.constantFrom('30', null),
    )
    .map((value) => ({ value, path: 'duration', message: M.durationRange })),
  fc
    .oneof(fc.constantFrom('in person', 'VIDEO', ''), nonString)
    .map((value) => ({ value, path: 'kind', message: M.kindRequired })),
  fc
    .string({ unit: fc.constantFrom('x', 'é', '中'), minLength: 201, maxLength: 260 })
    .map((value) => ({ value, path: 'reason', message: M.reasonTooLong })),
  fc
    .constantFrom('\u0000', '\u0007', '\u007f')
    .map((c) => ({ value: `a${c}b`, path: 'note', message: M.textInvalid })),
  fc
    .oneof(fc.constantFrom('done', 'Booked', 'noshow'), nonString)
    .map((value) => ({ value, path: 'status', message: M.statusInvalid })),
);

function post(payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers,
    payload: payload as object,
  });
}

describe('POST /api/appointments, property-based', () => {
  it('books every valid body or names its clash; never refuses one as invalid', async () => {
    const bodies = fc.sample(validBody(), { seed: SEED, numRuns: 150 });
    let booked = 0;
    for (const body of bodies) {
      const response = await post(body);
      expect([201, 409], response.body).toContain(response.statusCode);
      if (response.statusCode === 201) booked += 1;
      else expect(response.json()).toMatchObject({ code: 'APPOINTMENT_CONFLICT' });
    }
    expect(booked).toBeGreaterThan(10);
  });

  it('refuses each broken field with its message and stores nothing', async () => {
    const cases = fc.sample(fc.tuple(validBody(), violations), { seed: SEED + 1, numRuns: 300 });
    const before = await appointmentCount();
    for (const [body, violation] of cases) {
      const payload: Record<string, unknown> = { ...body };
      if (violation.value === DROP) delete payload[violation.path];
      else payload[violation.path] = violation.value;
      expect(ZAppointmentInput.safeParse(payload).success).toBe(false);
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const { fieldErrors } = response.json() as { fieldErrors: Record<string, string> };
      expect(fieldErrors[violation.path], JSON.stringify(payload)).toBe(violation.message);
    }
    expect(await appointmentCount()).toBe(before);
  });
});
