import fc from 'fast-check';
import type { Operation } from './openapi.ts';
import type { Pools } from './pools.ts';
import { pharmacyQueryValue } from './medicines.ts';
import { nastyText, valueFor } from './schema-arbitraries.ts';

/**
 * The URL parts of a fuzz request other than the path's template: path segments encoded as a
 * client would, and query strings, valid ones for the appointment and list routes beside junk.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Lone surrogates cannot be percent-encoded as UTF-8; they travel as U+FFFD. */
export function wellFormed(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD');
}

export function encodeSegment(value: string): string {
  return encodeURIComponent(wellFormed(value));
}

export type QueryPart = { text: string; isValid: boolean };

/** June 2027: the fuzzer's appointments, free slots and agenda ranges meet there. */
export const FUZZ_DAYS = ['2027-06-07', '2027-06-08', '2027-06-09', '2027-06-12', '2027-06-30'];

/** Plausible values of the agenda's query parameters, so most requests pass validation. */
const APPOINTMENT_QUERY: Record<string, (pools: Pools, actorId: string) => fc.Arbitrary<string>> = {
  from: () => fc.constantFrom('2027-06-01T00:00:00Z', '2027-06-07T00:00:00+02:00'),
  to: () => fc.constantFrom('2027-06-14T00:00:00Z', '2027-07-01T00:00:00Z', '2027-09-01T00:00:00Z'),
  date: () => fc.constantFrom(...FUZZ_DAYS),
  duration: () => fc.integer({ min: 1, max: 500 }).map(String),
  patientId: (pools, actorId) =>
    fc.constantFrom(
      ...pools.patients.filter((p) => p.ownerId === actorId).map((p) => p.id),
      '00000000-0000-4000-8000-000000000000',
    ),
};

/** A care plan's occurrences are asked for by calendar days, not instants. */
const DAY_RANGE_QUERY: typeof APPOINTMENT_QUERY = {
  from: () => fc.constantFrom('2027-06-01', '2027-06-07'),
  to: () => fc.constantFrom('2027-06-30', '2027-09-01'),
};

function queryValue(
  operation: Operation,
  name: string,
  schema: Parameters<typeof valueFor>[0],
  pools: Pools,
  actorId: string,
): fc.Arbitrary<QueryPart> {
  const plausible = operation.path.endsWith('/occurrences') ? DAY_RANGE_QUERY : APPOINTMENT_QUERY;
  const valid =
    plausible[name] && !name.startsWith('limit')
      ? plausible[name]!(pools, actorId)
      : name === 'facilityId' && operation.path === '/api/pharmacy/prescriptions'
        ? pharmacyQueryValue(pools.medicines)
        : name === 'cursor' && pools.cursors.length
          ? fc.constantFrom(...pools.cursors)
          : name === 'session_id'
            ? fc.oneof(
                fc.constantFrom(
                  'cs_local_unknown',
                  ...pools.sessions.filter((s) => s.userId === actorId).map((s) => s.id),
                ),
                valueFor(schema).map(String),
              )
            : valueFor(schema).map(String);
  const key = encodeURIComponent(name);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: valid.map((value) => ({ text: `${key}=${encodeSegment(value)}`, isValid: true })),
    },
    {
      weight: 1,
      arbitrary: nastyText.map((value) => ({
        text: `${key}=${encodeSegment(value)}`,
        isValid: false,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, valid).map(([a, b]) => ({
        text: `${key}=${encodeSegment(a)}&${key}=${encodeSegment(b)}`,
        isValid: false,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '-1',
          '0',
          '201',
          '1.5',
          '1e2',
          ' 7',
          '0x10',
          'Infinity',
          '',
          '%',
          '%zz',
          '%00',
          'a'.repeat(5000),
        )
        .map((raw) => ({ text: `${key}=${raw}`, isValid: false })),
    },
  );
}

const extraQuery = fc.constantFrom(
  'token=not-a-real-token',
  'access_token=abc',
  '__proto__=x',
  '__proto__[polluted]=yes',
  'constructor[prototype][polluted]=yes',
  'a[b][c]=d',
  'limit',
  '&&&',
  '=x',
  'q=%F0%9F%A9%BA',
);

export function queryString(
  operation: Operation,
  pools: Pools,
  actorId: string,
): fc.Arbitrary<QueryPart> {
  const parts = operation.queryParams.map(({ name, schema, isRequired }) =>
    isRequired
      ? queryValue(operation, name, schema, pools, actorId)
      : fc.option(queryValue(operation, name, schema, pools, actorId), {
          nil: undefined,
          freq: 3,
        }),
  );
  return fc
    .tuple(fc.tuple(...parts), fc.option(extraQuery, { nil: undefined, freq: 8 }))
    .map(([chosen, extra]) => {
      const present = chosen.filter((part): part is QueryPart => part !== undefined);
      const texts = present.map((part) => part.text);
      if (extra) texts.push(extra);
      return {
        text: texts.length ? `?${texts.join('&')}` : '',
        isValid: present.every((part) => part.isValid) && !extra,
      };
    });
}
