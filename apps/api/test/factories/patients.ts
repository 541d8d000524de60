import { ERRORS } from '@portal/shared/errors';
import {
  ZPatientInput,
  type TPatient,
  type TPatientCreated,
  type TPatientInput,
} from '@portal/shared/patient';
import { patientInput as validPatient } from '@portal/shared/patient.factories';
import type { AuthHeaders, TestContext } from '../app.ts';
import { nextPageOf } from '../paging.ts';
import { patients } from '../../src/db/schema/patients.ts';
import {
  columnName,
  toStoredValues,
  VALUE_KEYS,
  type PatientValueKey,
} from '../../src/modules/patients/patients.fields.ts';

/** Test factories for patients (imported by tests only). */

let counter = 0;

/** A valid patient with a unique name, e-mail and phone (so no two are duplicates). */
export function patientInput(overrides: Partial<TPatientInput> = {}): TPatientInput {
  counter += 1;
  return validPatient({
    name: `Amina Yusuf ${counter}`,
    email: `amina${counter}@example.com`,
    phone: String(5550000000 + counter),
    ...overrides,
  });
}

export async function createPatient(
  ctx: Pick<TestContext, 'app'>,
  headers: AuthHeaders,
  overrides: Partial<TPatientInput> = {},
): Promise<TPatientCreated> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/records/patients',
    headers,
    payload: patientInput(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json();
}

/** Moves a patient to the trash (the list's Delete); an error unless it answers 204. */
export async function trashPatient(
  ctx: Pick<TestContext, 'app'>,
  headers: AuthHeaders,
  patientId: string,
): Promise<void> {
  const response = await ctx.app.inject({
    method: 'DELETE',
    url: patientsUrl(`/${patientId}`),
    headers,
  });
  if (response.statusCode !== 204) throw new Error(`trashing failed: ${response.body}`);
}

/**
 * Fields of the n-th seeded patient (`g`) that vary, as SQL; $2 is the name prefix. Every other
 * field takes the shared factory's value, so a new field needs nothing here.
 */
const SEED_VALUES: Partial<Record<PatientValueKey, string>> = {
  name: `$2 || ' ' || g`,
  diagnosedWith: `'Condition ' || (g % 97)`,
  address: `g || ' Main Street'`,
  age: 'g % 100',
  email: `case when g % 2 = 0 then 'seed' || g || '@example.com' end`,
  phone: `lpad((7000000000 + g)::text, 10, '0')`,
  hasChronicDiseases: 'g % 3 = 0',
};
const FACTORY_VALUES = toStoredValues(ZPatientInput.parse(validPatient()));

/** Inserts `count` patients for `ownerId` in one statement (fast seeding for paging tests). */
export async function seedPatients(
  ctx: Pick<TestContext, 'database'>,
  { ownerId, count, prefix = 'Seeded' }: { ownerId: string; count: number; prefix?: string },
): Promise<void> {
  const params: unknown[] = [ownerId, prefix, count];
  const values = VALUE_KEYS.map(
    (key) =>
      SEED_VALUES[key] ?? `$${params.push(FACTORY_VALUES[key])}::${patients[key].getSQLType()}`,
  );
  await ctx.database.pool.query(
    `insert into patients (owner_id, ${VALUE_KEYS.map(columnName).join(', ')}, created_at, updated_at)
     select $1, ${values.join(', ')},
       now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
     from generate_series(1, $3) as g`,
    params,
  );
}

export type { TPatient };

export const NOT_FOUND = { message: ERRORS.PATIENT_NOT_FOUND.message, code: 'PATIENT_NOT_FOUND' };

export function patientsUrl(path = '') {
  return `/api/records/patients${path}`;
}

/** One page of the list as the API answered it, with its paging headers read. */
export async function listPatients(ctx: TestContext, headers: AuthHeaders, query = '') {
  const response = await ctx.app.inject({ url: patientsUrl(query), headers });
  return {
    status: response.statusCode,
    items: response.statusCode === 200 ? (response.json() as TPatient[]) : [],
    total: Number(response.headers['x-total-count']),
    next: nextPageOf(response),
    body: response.json() as unknown,
  };
}

/** Rows stored for an owner, trashed ones included. */
export async function storedPatientCount(ctx: TestContext, ownerId: string): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    'select count(*)::int as n from patients where owner_id = $1',
    [ownerId],
  );
  return rows[0]!.n;
}
