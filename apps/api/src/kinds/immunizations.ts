import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import {
  IMMUNIZATION_KIND,
  IMMUNIZATION_LIMITS,
  IMMUNIZATION_REASONS,
  IMMUNIZATION_ROUTES,
  IMMUNIZATION_SITES,
  IMMUNIZATION_STATUSES,
  ZImmunization,
  ZImmunizationInput,
  ZImmunizationListQuery,
  type TImmunization,
} from '@portal/shared/immunization';
import { CVX_SYSTEM, VACCINES } from '@portal/shared/vaccines';
import type { FhirResource } from '../modules/patients/patients.fhir.ts';
import { createClinicalStore, patientItemColumns } from '../patient-owned/items.repository.ts';
import { defineApiKind } from './kind.ts';
import { simpleKindRoutes } from './simple-kind-routes.ts';

/** `column in ('a', 'b')`, or null: the check of an optional fixed vocabulary. */
const oneOf = (column: string, values: readonly string[], { isOptional = false } = {}) =>
  sql.raw(
    `${isOptional ? `"${column}" is null or ` : ''}"${column}" in (${values.map((v) => `'${v}'`).join(', ')})`,
  );

export const immunizations = pgTable(
  'immunizations',
  {
    ...patientItemColumns(),
    vaccine: text('vaccine').notNull(),
    vaccineCode: text('vaccine_code'),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    doseNumber: integer('dose_number'),
    lotNumber: text('lot_number').notNull().default(''),
    site: text('site'),
    route: text('route'),
    performerNote: text('performer_note').notNull().default(''),
    status: text('status').notNull().default('completed'),
    statusReason: text('status_reason'),
  },
  (table) => [
    // A patient's immunizations, newest first, keyset (created_at, id); read backwards.
    index('immunizations_patient_created_idx').on(table.patientId, table.createdAt, table.id),
    // The export: one owner's, oldest first.
    index('immunizations_owner_created_idx').on(table.ownerId, table.createdAt, table.id),
    // The timeline: a patient's, by the day given.
    index('immunizations_patient_occurred_idx').on(table.patientId, table.occurredOn, table.id),
    check('immunizations_status_check', oneOf('status', IMMUNIZATION_STATUSES)),
    check(
      'immunizations_status_reason_check',
      oneOf('status_reason', IMMUNIZATION_REASONS, { isOptional: true }),
    ),
    check('immunizations_site_check', oneOf('site', IMMUNIZATION_SITES, { isOptional: true })),
    check('immunizations_route_check', oneOf('route', IMMUNIZATION_ROUTES, { isOptional: true })),
    // A reason exactly when the vaccine was not given.
    check(
      'immunizations_reason_when_not_done_check',
      sql`(${table.status} = 'not-done') = (${table.statusReason} is not null)`,
    ),
    check(
      'immunizations_dose_number_check',
      sql.raw(
        `"dose_number" is null or "dose_number" between 1 and ${IMMUNIZATION_LIMITS.doseMax}`,
      ),
    ),
  ],
);

type ImmunizationRow = typeof immunizations.$inferSelect;

function toApi(row: ImmunizationRow): TImmunization {
  // The table's checks admit only the schema's values.
  return {
    _id: row.id,
    patientId: row.patientId,
    vaccine: row.vaccine,
    vaccineCode: row.vaccineCode as TImmunization['vaccineCode'],
    occurredOn: row.occurredOn,
    doseNumber: row.doseNumber,
    lotNumber: row.lotNumber,
    site: row.site as TImmunization['site'],
    route: row.route as TImmunization['route'],
    performerNote: row.performerNote,
    status: row.status as TImmunization['status'],
    statusReason: row.statusReason as TImmunization['statusReason'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** FHIR's codes: v3 ActReason, ActSite and RouteOfAdministration. */
const V3 = 'http://terminology.hl7.org/CodeSystem/v3-';
const REASON_CODES = {
  immunity: 'IMMUNE',
  'medical-precaution': 'MEDPREC',
  'out-of-stock': 'OSTOCK',
  'patient-objection': 'PATOBJ',
} as const;
const SITE_CODES = {
  'left-arm': 'LA',
  'right-arm': 'RA',
  'left-thigh': 'LT',
  'right-thigh': 'RT',
  nose: 'BN',
} as const;
const ROUTE_CODES = {
  intramuscular: 'IM',
  subcutaneous: 'SQ',
  intradermal: 'IDINJ',
  oral: 'PO',
  intranasal: 'NASINHLC',
} as const;

const coded = (system: string, code: string, text: string) => ({
  coding: [{ system, code }],
  text,
});

/** What a linked patient sees of an immunization (its kind's patient view), and whose it is. */
export type ImmunizationView = Pick<
  TImmunization,
  (typeof IMMUNIZATION_KIND.patientView)[number] | 'patientId'
>;

/**
 * One immunization as a FHIR R4 Immunization from the fields a linked patient sees: never the
 * performer note, which only the export adds (FHIR strings may not be empty).
 */
export function toFhirImmunizationView(item: ImmunizationView) {
  const resource: FhirResource = {
    resourceType: 'Immunization',
    id: item._id,
    status: item.status,
    ...(item.statusReason && {
      statusReason: coded(`${V3}ActReason`, REASON_CODES[item.statusReason], item.statusReason),
    }),
    vaccineCode: {
      ...(item.vaccineCode && {
        coding: [
          {
            system: CVX_SYSTEM,
            code: item.vaccineCode,
            display: VACCINES[item.vaccineCode].display,
          },
        ],
      }),
      text: item.vaccine,
    },
    patient: { reference: `urn:uuid:${item.patientId}`, type: 'Patient' },
    occurrenceDateTime: item.occurredOn,
    primarySource: true,
    ...(item.lotNumber && { lotNumber: item.lotNumber }),
    ...(item.site && { site: coded(`${V3}ActSite`, SITE_CODES[item.site], item.site) }),
    ...(item.route && {
      route: coded(`${V3}RouteOfAdministration`, ROUTE_CODES[item.route], item.route),
    }),
    ...(item.doseNumber !== null && {
      protocolApplied: [{ doseNumberPositiveInt: item.doseNumber }],
    }),
  };
  return { fullUrl: `urn:uuid:${item._id}`, resource };
}

/** One immunization as a FHIR R4 Immunization, for the practitioner's export. */
function toFhir(row: ImmunizationRow) {
  const item = toApi(row);
  const entry = toFhirImmunizationView(item);
  const resource: FhirResource = {
    ...entry.resource,
    meta: { lastUpdated: item.updatedAt },
    recorded: item.createdAt,
    ...(item.performerNote && { note: [{ text: item.performerNote }] }),
  };
  return { ...entry, resource };
}

const store = createClinicalStore(immunizations);

const example = () => ({
  vaccine: 'MMR',
  vaccineCode: '03',
  occurredOn: '2026-03-02',
  doseNumber: 1,
  lotNumber: 'MMR-4471',
  site: 'left-arm',
  route: 'subcutaneous',
  performerNote: 'Nurse Kim, City Clinic',
});

/** Immunizations: vaccines given, or not given and why; no rules beyond the shared ones. */
export const immunizationKind = defineApiKind({
  shared: IMMUNIZATION_KIND,
  table: immunizations,
  store,
  toFhir,
  toApi,
  fhirType: 'Immunization',
  schemas: { input: ZImmunizationInput, item: ZImmunization },
  timeline: {
    immunization: {
      at: `(occurred_on::timestamp at time zone 'UTC')`,
      summary: 'vaccine',
      detail: 'performer_note',
      state: 'status',
    },
  },
  example: { body: example, changed: () => ({ ...example(), doseNumber: 2 }) },
  routes: simpleKindRoutes({
    shared: IMMUNIZATION_KIND,
    store,
    item: ZImmunization,
    input: ZImmunizationInput,
    listQuery: ZImmunizationListQuery,
    toApi,
  }),
});
