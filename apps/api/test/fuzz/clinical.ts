import fc from 'fast-check';
import type pg from 'pg';
import { z } from 'zod';
import { ZOccurrence, ZOccurrenceMarkInput, ZToday } from '@portal/shared/care-plan';
import {
  ZMedicationSuggestions,
  ZPrescription,
  ZPrescriptionStop,
} from '@portal/shared/prescription';
import type { ApiPatientKind } from '../../src/kinds/kind.ts';
import { API_KINDS } from '../../src/kinds/registry.ts';
import { collectionAnswers, collectionBodies } from './collection-schemas.ts';
import type { Operation } from './openapi.ts';
import type { Hints } from './schema-arbitraries.ts';

/**
 * The fuzz campaign's generators and checks for the patient-owned kinds, every kind of the
 * registry (src/kinds/registry.ts) alike: ids of the actor's own items and of other people's for
 * each kind's `{<kind>Id}`, bodies that mostly pass validation (from the kind's example), current
 * ETags, which rows a successful request may change, and the privacy rule (only the caller's own
 * items). What only one kind has (a prescription's stop, care plans' occurrences and marks, the
 * allergy warning's hints) is added by name below.
 */

export interface ClinicalItem {
  id: string;
  ownerId: string;
  patientId: string;
  updatedAt: string;
}

export interface ClinicalPools {
  /** Each kind's items by its table, oldest first. */
  kindItems: Record<string, ClinicalItem[]>;
  /** Ids of the first care plan's activities (the seeded one), so a mark can name a real one. */
  carePlanActivityIds: string[];
}

export const CLINICAL_TABLES = API_KINDS.map((kind) => kind.table);

/** A kind's list route, `/api/records/patients/{id}/<segment>`, and its item parameter. */
const collectionOf = (kind: ApiPatientKind) => `/api/records/patients/{id}/${kind.shared.segment}`;
const itemParamOf = (kind: ApiPatientKind) => `${kind.shared.kind}Id`;
const itemPathOf = (kind: ApiPatientKind) => `${collectionOf(kind)}/{${itemParamOf(kind)}}`;

/** The kind whose `{<kind>Id}` parameter is `name`. */
const kindOfParam = (name: string) => API_KINDS.find((kind) => itemParamOf(kind) === name);

/** The kind whose routes `path` is one of. */
const kindOfPath = (path: string) =>
  API_KINDS.find(
    (kind) => path === collectionOf(kind) || path.startsWith(`${collectionOf(kind)}/`),
  );

/** The items of every kind's table, for the pools and the privacy check. */
export async function snapshotClinical(pool: pg.Pool): Promise<ClinicalPools> {
  const read = async (table: string) => {
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
  const items = await Promise.all(CLINICAL_TABLES.map((table) => read(table)));
  const activities = await pool.query<{ id: string }>(
    `select activity->>'id' as id
       from (select activities from care_plans order by created_at, id limit 1) plan,
            jsonb_array_elements(plan.activities) activity`,
  );
  return {
    kindItems: Object.fromEntries(CLINICAL_TABLES.map((table, i) => [table, items[i]!])),
    carePlanActivityIds: activities.rows.map((row) => row.id),
  };
}

/** `{<kind>Id}`: the actor's own items, someone else's, random ids; else undefined. */
export function clinicalPathValue(
  name: string,
  actorId: string,
  pools: ClinicalPools,
  junk: fc.Arbitrary<{ value: string; raw?: string }>,
): fc.Arbitrary<{ value: string; raw?: string }> | undefined {
  const kind = kindOfParam(name);
  if (!kind) return undefined;
  const items = pools.kindItems[kind.table] ?? [];
  const ids = (list: ClinicalItem[]) =>
    list.length
      ? fc.constantFrom(...list.map((item) => ({ value: item.id })))
      : fc.uuid().map((value) => ({ value }));
  return fc.oneof(
    { weight: 6, arbitrary: ids(items.filter((item) => item.ownerId === actorId)) },
    { weight: 3, arbitrary: ids(items.filter((item) => item.ownerId !== actorId)) },
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
  const kind = names.map((name) => kindOfParam(name)).find(Boolean);
  if (!kind || names.join() !== `id,${names[1]}`) return undefined;
  const own = (pools.kindItems[kind.table] ?? []).filter((item) => item.ownerId === actorId);
  if (own.length === 0) return oneByOne;
  // A mark names one of the plan's activities on one of its days: the hints know the seeded
  // plan's (the oldest), so a mark mostly goes to that plan.
  const seeded = pools.kindItems.care_plans?.[0];
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

/** Each field of the kind's example and changed bodies, drawn from their two values. */
function exampleHints(kind: ApiPatientKind): Hints {
  const bodies = [kind.example.body(), kind.example.changed()];
  const fields = [...new Set(bodies.flatMap((body) => Object.keys(body)))];
  return Object.fromEntries(
    fields.map((field) => [
      field,
      fc.constantFrom(...bodies.filter((body) => field in body).map((body) => body[field])),
    ]),
  );
}

/**
 * Bodies that mostly pass validation: the kind's example values, then what one kind needs more
 * (care plans' rules and days; medications and substances that meet the allergy warning).
 */
export function clinicalHints(operation: Operation, pools: ClinicalPools): Hints {
  const kind = kindOfPath(operation.path);
  const hints = kind ? exampleHints(kind) : {};
  if (operation.path.includes('/care-plans'))
    return { ...hints, ...carePlanHints(pools.carePlanActivityIds) };
  if (!operation.path.startsWith('/api/records/patients/{id}/')) return hints;
  return {
    ...hints,
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
  const kind = operation.pathParams.map(({ name }) => kindOfParam(name)).find(Boolean);
  if (!kind || operation.method === 'GET') return undefined;
  return fc.option(
    fc.constantFrom(
      ...(pools.kindItems[kind.table] ?? [])
        .filter((item) => item.ownerId === actorId)
        .map((i) => `"${i.updatedAt}"`),
      '*',
      'W/"2020-01-01T00:00:00.000Z"',
      'garbage',
    ),
    { nil: undefined },
  );
}

/**
 * The rows a successful request may have changed: the created item, or the one in the path of
 * a replacement or of an action on it (a prescription's `stop`).
 */
export function explainClinical(
  label: string,
  pathValues: Record<string, string>,
  answer: { _id?: string } | undefined,
  rows: Record<string, Set<string>>,
): void {
  for (const kind of API_KINDS) {
    const id = pathValues[itemParamOf(kind)];
    if (label === `POST ${collectionOf(kind)}` && answer?._id) rows[kind.table]!.add(answer._id);
    const isChange =
      label === `PUT ${itemPathOf(kind)}` || label.startsWith(`POST ${itemPathOf(kind)}/`);
    if (isChange && id) rows[kind.table]!.add(id);
  }
}

/** A 2xx about an item of a kind must be about one of the caller's own. */
export function clinicalPrivacyProblems(
  label: string,
  pathValues: Record<string, string>,
  json: unknown,
  actorId: string,
  pools: ClinicalPools,
): string[] {
  const kind = kindOfPath(label.slice(label.indexOf(' ') + 1));
  if (!kind) return [];
  const table = kind.table;
  const items = pools.kindItems[table] ?? [];
  const ownerOf = (id: string) => items.find((item) => item.id === id)?.ownerId;
  const answered = Array.isArray(json) ? json : [json];
  return (answered as Array<{ _id?: string }>)
    .filter((item) => item?._id && ownerOf(item._id) !== actorId)
    .map((item) => `${label} answered ${table} ${item._id} of someone else`)
    .concat(
      Object.values(pathValues).some((id) =>
        items.some((i) => i.id === id && i.ownerId !== actorId),
      )
        ? [`${label} succeeded on someone else's ${table}`]
        : [],
    );
}

/** Every kind's four routes, then what only one kind has. */
export const CLINICAL_RESPONSES: Record<string, Record<number, z.ZodType>> = {
  ...Object.assign(
    {},
    ...API_KINDS.map((kind) =>
      collectionAnswers(collectionOf(kind), `{${itemParamOf(kind)}}`, kind.schemas.item),
    ),
  ),
  'POST /api/records/patients/{id}/prescriptions/{prescriptionId}/stop': { 200: ZPrescription },
  'GET /api/records/medications': { 200: ZMedicationSuggestions },
  'GET /api/records/patients/{id}/care-plans/{carePlanId}/occurrences': {
    200: z.array(ZOccurrence),
  },
  'PUT /api/records/patients/{id}/care-plans/{carePlanId}/occurrences': { 200: ZOccurrence },
  'GET /api/premier/today': { 200: ZToday },
};

export const CLINICAL_BODIES: Record<string, z.ZodType> = {
  ...Object.assign(
    {},
    ...API_KINDS.map((kind) =>
      collectionBodies(collectionOf(kind), `{${itemParamOf(kind)}}`, kind.schemas.input),
    ),
  ),
  'POST /api/records/patients/{id}/prescriptions/{prescriptionId}/stop': ZPrescriptionStop,
  'PUT /api/records/patients/{id}/care-plans/{carePlanId}/occurrences': ZOccurrenceMarkInput,
};
