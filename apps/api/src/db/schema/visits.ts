import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { VITAL_SIGNS, type TVitalSign, type TVisitPatientSharing } from '@portal/shared/visit';
import { appointments } from './appointments.ts';
import { createdAt, instant, timestamps } from './columns.ts';
import { patientRecord } from './patients.ts';
import { userReference, users } from './users.ts';

/** The range check of one vital sign, from the shared table (so the database agrees with zod). */
function inRange(column: AnyPgColumn, key: TVitalSign): SQL {
  const { min, max } = VITAL_SIGNS[key];
  return sql`${column} is null or ${column} between ${sql.raw(String(min))} and ${sql.raw(String(max))}`;
}

/**
 * A practitioner's visit with a patient: SOAP notes and vital signs. Whole-number
 * vitals are integers, the others double precision; BMI is computed when answered, never
 * stored. Once `signed_at` is set the service refuses every change but an addendum.
 */
export const visits = pgTable(
  'visits',
  {
    ...patientRecord(),
    /** The appointment this visit closed, if any (kept if the appointment goes). */
    appointmentId: uuid('appointment_id').references(() => appointments.id, {
      onDelete: 'set null',
    }),
    occurredAt: instant('occurred_at').notNull(),
    reason: text('reason').notNull().default(''),
    subjective: text('subjective').notNull().default(''),
    objective: text('objective').notNull().default(''),
    assessment: text('assessment').notNull().default(''),
    plan: text('plan').notNull().default(''),
    systolic: integer('systolic'),
    diastolic: integer('diastolic'),
    heartRate: integer('heart_rate'),
    temperature: doublePrecision('temperature'),
    weight: doublePrecision('weight'),
    height: doublePrecision('height'),
    oxygenSaturation: integer('oxygen_saturation'),
    /**
     * Lower-cased reason and notes for the practitioner's notes search (trigram index). Generated,
     * so it can never disagree with the notes.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(reason || ' ' || subjective || ' ' || objective || ' ' || assessment || ' ' || plan)`,
    ),
    signedAt: instant('signed_at'),
    signedBy: uuid('signed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Whether the notes reach a linked patient (VISIT_PATIENT_SHARING in @portal/shared/visit). */
    patientSharing: text('patient_sharing')
      .$type<TVisitPatientSharing>()
      .notNull()
      .default('default'),
    ...timestamps(),
  },
  (table) => [
    // A patient's visits, newest first, keyset-paged by (occurred_at, id). NULLS FIRST is what
    // `order by … desc` means: with drizzle's default (NULLS LAST) the planner could not read
    // the order from the index and sorted every visit of the patient instead.
    index('visits_patient_occurred_idx').on(
      table.patientId,
      table.occurredAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The practitioner's visits, newest first: a common fragment of the notes search reads them
    // in order and stops at the page's end.
    index('visits_owner_occurred_idx').on(
      table.ownerId,
      table.occurredAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('visits_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check(
      'visits_patient_sharing_check',
      sql`${table.patientSharing} in ('default', 'shared', 'private')`,
    ),
    check('visits_systolic_check', inRange(table.systolic, 'systolic')),
    check('visits_diastolic_check', inRange(table.diastolic, 'diastolic')),
    check('visits_heart_rate_check', inRange(table.heartRate, 'heartRate')),
    check('visits_temperature_check', inRange(table.temperature, 'temperature')),
    check('visits_weight_check', inRange(table.weight, 'weight')),
    check('visits_height_check', inRange(table.height, 'height')),
    check('visits_oxygen_saturation_check', inRange(table.oxygenSaturation, 'oxygenSaturation')),
  ],
);

export type VisitRow = typeof visits.$inferSelect;

/** Corrections and additions to a signed visit: append-only, each with its author and time. */
export const visitAddenda = pgTable(
  'visit_addenda',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    authorId: userReference('author_id'),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('visit_addenda_visit_idx').on(table.visitId, table.createdAt)],
);

export type VisitAddendumRow = typeof visitAddenda.$inferSelect;
