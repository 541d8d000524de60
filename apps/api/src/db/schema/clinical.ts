import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns.ts';
import { patientRecord } from './patients.ts';

/**
 * A patient's allergies and prescriptions. Both carry the owner as well as the
 * patient, so every query is scoped by owner on its own index, as the appointments' are.
 */
const bookkeeping = () => ({ ...patientRecord(), ...timestamps() });

export const allergies = pgTable(
  'allergies',
  {
    ...bookkeeping(),
    substance: text('substance').notNull(),
    reaction: text('reaction').notNull().default(''),
    severity: text('severity').notNull(),
    status: text('status').notNull().default('active'),
  },
  (table) => [
    // A patient's allergies, newest first (keyset (created_at, id)); the prescription check
    // reads the active ones of one patient through it too.
    // Ascending on purpose: read backwards it gives `order by created_at desc, id desc`
    // (whose default is NULLS FIRST; a `DESC NULLS LAST` index would not match it).
    index('allergies_patient_created_idx').on(table.patientId, table.createdAt, table.id),
    // The export: one owner's allergies, oldest first.
    index('allergies_owner_created_idx').on(table.ownerId, table.createdAt, table.id),
    check('allergies_severity_check', sql`${table.severity} in ('mild', 'moderate', 'severe')`),
    check('allergies_status_check', sql`${table.status} in ('active', 'inactive', 'resolved')`),
  ],
);

/**
 * What the members' search reads of a prescription, lower-cased: the trigram index below
 * is on exactly this expression, and the search's `like` must repeat it to use the index.
 */
export function prescriptionSearchText(columns: {
  medication: AnyPgColumn;
  strength: AnyPgColumn;
  instructions: AnyPgColumn;
  stopReason: AnyPgColumn;
}) {
  return sql`lower(${columns.medication} || ' ' || ${columns.strength} || ' ' || ${columns.instructions} || ' ' || ${columns.stopReason})`;
}

export const prescriptions = pgTable(
  'prescriptions',
  {
    ...bookkeeping(),
    medication: text('medication').notNull(),
    strength: text('strength').notNull().default(''),
    dose: text('dose').notNull(),
    route: text('route').notNull(),
    frequency: text('frequency').notNull(),
    duration: text('duration').notNull().default(''),
    endDate: date('end_date', { mode: 'string' }),
    instructions: text('instructions').notNull().default(''),
    status: text('status').notNull().default('active'),
    stopReason: text('stop_reason').notNull().default(''),
    stoppedAt: instant('stopped_at'),
  },
  (table) => [
    index('prescriptions_patient_created_idx').on(table.patientId, table.createdAt, table.id),
    index('prescriptions_owner_created_idx').on(table.ownerId, table.createdAt, table.id),
    // The timeline's "prescription stopped" entries: a patient's stopped ones, newest first,
    // keyset (stopped_at, id); only stopped rows are in it.
    index('prescriptions_patient_stopped_idx')
      .on(table.patientId, table.stoppedAt, table.id)
      .where(sql`${table.stoppedAt} is not null`),
    // Medication suggestions: a prefix of the lower-cased name among one owner's prescriptions,
    // in name order, skipping from one name to the next (prescriptions.repository.ts). Under the
    // C collation `like 'amo%'` becomes an index range whatever the database's collation.
    index('prescriptions_owner_medication_idx').on(
      table.ownerId,
      sql`lower(${table.medication}) collate "C"`,
      table.medication,
    ),
    index('prescriptions_search_trgm_idx').using(
      'gin',
      sql`${prescriptionSearchText(table)} gin_trgm_ops`,
    ),
    check(
      'prescriptions_route_check',
      sql`${table.route} in ('oral', 'intravenous', 'intramuscular', 'topical', 'inhaled', 'other')`,
    ),
    check('prescriptions_status_check', sql`${table.status} in ('active', 'stopped', 'completed')`),
  ],
);

export type AllergyRow = typeof allergies.$inferSelect;
export type PrescriptionRow = typeof prescriptions.$inferSelect;
