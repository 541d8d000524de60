import fc from 'fast-check';
import type pg from 'pg';
import { z } from 'zod';
import { ZAllergy, ZAllergyInput } from '@portal/shared/allergy';
import {
  ZCarePlan,
  ZCarePlanInput,
  ZOccurrence,
  ZOccurrenceMarkInput,
  ZToday,
} from '@portal/shared/care-plan';
import {
  ZMedicationSuggestions,
  ZPrescription,
  ZPrescriptionInput,
  ZPrescriptionStop,
} from '@portal/shared/prescription';
import { collectionAnswers, collectionBodies } from './collection-schemas.ts';
import type { Operation } from './openapi.ts';
import type { Hints } from './schema-arbitraries.ts';

/**
 * The fuzz campaign's generators and checks for a patient's allergies, prescriptions and care
 * plans, kept apart from the campaign's core: ids of the actor's own items and of other people's
 * for `{allergyId}` and `{prescriptionId}`, plausible bodies, current ETags, which rows
 * a successful request may change, and the privacy rule (only the caller's own items).
 */

export interface ClinicalItem {
  id: string;
  ownerId: string;
  patientId: string;
  updatedAt: string;
}

export interface ClinicalPools {
  allergies: ClinicalItem[];
  prescriptions: ClinicalItem[];
  care_plans: ClinicalItem[];
  /** Ids of the first care plan's activities (the seeded one), so a mark can name a real one. */
  carePlanActivityIds: string[];
}

export const CLINICAL_TABLES = ['allergies', 'prescriptions', 'care_plans'] as const;
type ClinicalTable = (typeof CLINICAL_TABLES)[number];

/** The items of both tables, for the pools and the privacy check. */
export async function snapshotClinical(pool: pg.Pool): Promise<ClinicalPools> {
  const read = async (table: ClinicalTable) => {
    const { rows } = await pool.query<{
      id: string;
      owner_id: string;
      patient_id: string;
      updated_at: Date;
    }>(`select id, owner_id, patient_id, updated_at from ${table} order by created_at, id`);
    return rows.map((row) => ({
      id: row.id,
      ownerId: row.owner_id,
      patientId: row.patient_id,
      updatedAt: row.updated_at.toISOString(),
    }));
  };
  const [allergies, prescriptions, care_plans] = await Promise.all(
    CLINICAL_TABLES.map((table) => read(table)),
  );
  const activities = await pool.query<{ id: string }>(
    `select activity->>'id' as id
       from (select activities from care_plans order by created_at, id limit 1) plan,
            jsonb_array_elements(plan.activities) activity`,
  );
  return {
    allergies: allergies!,
    prescriptions: prescriptions!,
    care_plans: care_plans!,
    carePlanActivityIds: activities.rows.map((row) => row.id),
  };
}

const PARAM_TABLE: Record<string, ClinicalTable> = {
  allergyId: 'allergies',
  prescriptionId: 'prescriptions',
  carePlanId: 'care_plans',
};

/** `{allergyId}` / `{prescriptionId}`: the actor's own items, someone else's, random ids; else undefined. */
export function clinicalPathValue(
  name: string,
  actorId: string,
  pools: ClinicalPools,
  junk: fc.Arbitrary<{ value: string; raw?: string }>,
): fc.Arbitrary<{ value: string; raw?: string }> | undefined {
  const table = PARAM_TABLE[name];
  if (!table) return undefined;
  const ids = (list: ClinicalItem[]) =>
    list.length
      ? fc.constantFrom(...list.map((item) => ({ value: item.id })))
      : fc.uuid().map((value) => ({ value }));
  return fc.oneof(
    { weight: 6, arbitrary: ids(pools[table].filter((item) => item.ownerId === actorId)) },
    { weight: 3, arbitrary: ids(pools[table].filter((item) => item.ownerId !== actorId)) },
    { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
    { weight: 1, arbitrary: junk },
  );
}

type PathValue = { value: string; raw?: string };

/**
 * The path of an item route, `{id}` and the item's id together: mostly one of the actor's own
 * items under its own patient (drawn apart, the two would rarely belong together), otherwise
 * the parameters drawn one by one. Undefined for other routes.
 */
export function clinicalPathValues(
  operation: Operation,
  actorId: string,
  pools: ClinicalPools,
  oneByOne: fc.Arbitrary<PathValue[]>,
): fc.Arbitrary<PathValue[]> | undefined {
  const names = operation.pathParams.map(({ name }) => name);
  const table = names.map((name) => PARAM_TABLE[name]).find(Boolean);
  if (!table || names.join() !== `id,${names[1]}`) return undefined;
  const own = pools[table].filter((item) => item.ownerId === actorId);
  if (own.length === 0) return oneByOne;
  // A mark names one of the plan's activities on one of its days: the hints know the seeded
  // plan's (the oldest), so a mark mostly goes to that plan.
  const seeded = pools.care_plans[0];
  if (operation.path.endsWith('/occurrences') && seeded?.ownerId === actorId)
    return fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constant<PathValue[]>([{ value: seeded.patientId }, { value: seeded.id }]),
      },
      { weight: 1, arbitrary: oneByOne },
    );
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(...own)
        .map((item) => [{ value: item.patientId }, { value: item.id }]),
    },
    { weight: 2, arbitrary: oneByOne },
  );
}

const MEDICATIONS = ['Amoxicillin', 'Penicillin V', 'Ibuprofen 400', 'Salbutamol', 'Codeine'];

/** Days the seeded care plan's activities occur on (test/factories/care-plans.ts), and others. */
const CARE_PLAN_DAYS = ['2026-01-15', '2026-03-02', '2026-04-15', '2026-07-15'];

/**
 * Care-plan bodies that mostly pass validation (a body holds several activities, so a wrong
 * value is rare per field): rules the portal supports, real days, now and then a day that does
 * not exist or a rule it refuses.
 */
function carePlanHints(activityIds: string[]): Hints {
  const mostly = <T>(valid: T[], invalid: T) =>
    fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...valid) },
      { weight: 1, arbitrary: fc.constant(invalid) },
    );
  return {
    title: fc.constantFrom('Diabetes follow-up', 'HbA1c test', 'Blood pressure check'),
    text: fc.constantFrom('HbA1c below 7%', 'Walk 30 minutes a day'),
    targetDate: fc.constantFrom('', '2026-12-31'),
    start: mostly(CARE_PLAN_DAYS, '2026-02-30'),
    date: mostly(CARE_PLAN_DAYS, '2026-02-30'),
    rrule: mostly(
      ['', 'FREQ=MONTHLY;INTERVAL=3', 'FREQ=WEEKLY'],
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
    ),
    status: fc.constantFrom('active', 'on-hold', 'completed'),
    mark: fc.constantFrom('done', 'skipped', 'due'),
    ...(activityIds.length && { activityId: fc.constantFrom(...activityIds) }),
  };
}

/** Bodies that mostly pass validation and sometimes meet the allergy warning. */
export function clinicalHints(operation: Operation, pools: ClinicalPools): Hints {
  if (operation.path.includes('/care-plans')) return carePlanHints(pools.carePlanActivityIds);
  if (!operation.path.startsWith('/api/records/patients/{id}/')) return {};
  return {
    substance: fc.constantFrom('Penicillin', 'Latex', 'Codeine', 'Peanuts'),
    medication: fc.constantFrom(...MEDICATIONS),
    endDate: fc.constantFrom('', '', '2027-06-30', '2027-02-30'),
    duration: fc.constantFrom('', '7 days'),
    allergyAcknowledged: fc.boolean(),
  };
}

/** Current ETags of the actor's items (and stale or junk ones) for PUT and stop. */
export function clinicalIfMatch(
  operation: Operation,
  actorId: string,
  pools: ClinicalPools,
): fc.Arbitrary<string | undefined> | undefined {
  const table = operation.pathParams.map(({ name }) => PARAM_TABLE[name]).find(Boolean);
  if (!table || operation.method === 'GET') return undefined;
  return fc.option(
    fc.constantFrom(
      ...pools[table].filter((item) => item.ownerId === actorId).map((i) => `"${i.updatedAt}"`),
      '*',
      'W/"2020-01-01T00:00:00.000Z"',
      'garbage',
    ),
    { nil: undefined },
  );
}

/** The rows a successful request may have changed: the created item, or the one in the path. */
export function explainClinical(
  label: string,
  pathValues: Record<string, string>,
  answer: { _id?: string } | undefined,
  rows: Record<ClinicalTable, Set<string>>,
): void {
  if (label === 'POST /api/records/patients/{id}/allergies' && answer?._id)
    rows.allergies.add(answer._id);
  if (label === 'POST /api/records/patients/{id}/prescriptions' && answer?._id)
    rows.prescriptions.add(answer._id);
  if (label === 'POST /api/records/patients/{id}/care-plans' && answer?._id)
    rows.care_plans.add(answer._id);
  if (label === 'PUT /api/records/patients/{id}/care-plans/{carePlanId}')
    rows.care_plans.add(pathValues.carePlanId!);
  if (label.startsWith('PUT ') && pathValues.allergyId) rows.allergies.add(pathValues.allergyId);
  if ((label.startsWith('PUT ') || label.endsWith('/stop')) && pathValues.prescriptionId)
    rows.prescriptions.add(pathValues.prescriptionId);
}

/** A 2xx about an allergy or prescription must be about one of the caller's own. */
export function clinicalPrivacyProblems(
  label: string,
  pathValues: Record<string, string>,
  json: unknown,
  actorId: string,
  pools: ClinicalPools,
): string[] {
  const table = label.includes('/allergies')
    ? 'allergies'
    : label.includes('/prescriptions')
      ? 'prescriptions'
      : label.includes('/care-plans')
        ? 'care_plans'
        : undefined;
  if (!table) return [];
  const ownerOf = (id: string) => pools[table].find((item) => item.id === id)?.ownerId;
  const answered = Array.isArray(json) ? json : [json];
  return (answered as Array<{ _id?: string }>)
    .filter((item) => item?._id && ownerOf(item._id) !== actorId)
    .map((item) => `${label} answered ${table} ${item._id} of someone else`)
    .concat(
      Object.values(pathValues).some((id) =>
        pools[table].some((i) => i.id === id && i.ownerId !== actorId),
      )
        ? [`${label} succeeded on someone else's ${table}`]
        : [],
    );
}

export const CLINICAL_RESPONSES: Record<string, Record<number, z.ZodType>> = {
  ...collectionAnswers('/api/records/patients/{id}/allergies', '{allergyId}', ZAllergy),
  ...collectionAnswers(
    '/api/records/patients/{id}/prescriptions',
    '{prescriptionId}',
    ZPrescription,
  ),
  'POST /api/records/patients/{id}/prescriptions/{prescriptionId}/stop': { 200: ZPrescription },
  'GET /api/records/medications': { 200: ZMedicationSuggestions },
  ...collectionAnswers('/api/records/patients/{id}/care-plans', '{carePlanId}', ZCarePlan),
  'GET /api/records/patients/{id}/care-plans/{carePlanId}/occurrences': {
    200: z.array(ZOccurrence),
  },
  'PUT /api/records/patients/{id}/care-plans/{carePlanId}/occurrences': { 200: ZOccurrence },
  'GET /api/premier/today': { 200: ZToday },
};

export const CLINICAL_BODIES: Record<string, z.ZodType> = {
  ...collectionBodies('/api/records/patients/{id}/allergies', '{allergyId}', ZAllergyInput),
  ...collectionBodies(
    '/api/records/patients/{id}/prescriptions',
    '{prescriptionId}',
    ZPrescriptionInput,
  ),
  'POST /api/records/patients/{id}/prescriptions/{prescriptionId}/stop': ZPrescriptionStop,
  ...collectionBodies('/api/records/patients/{id}/care-plans', '{carePlanId}', ZCarePlanInput),
  'PUT /api/records/patients/{id}/care-plans/{carePlanId}/occurrences': ZOccurrenceMarkInput,
};
