import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns.ts';
import { facilities } from './directory.ts';
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
    /**
     * The verification token (a compact JWS signed by the configured key `verify_kid` names) and
     * its random id (its `jti`, by which a verified token finds its row). The migration gave every
     * earlier row an id; the service writes the token with a new row, and start-up signs any row
     * without one. Holding a token proves nothing: only the configured keys can make one.
     */
    verifyId: uuid('verify_id').notNull().defaultRandom(),
    verifyKid: text('verify_kid'),
    verifyToken: text('verify_token'),
    /** How many times the token was verified (`GET /api/prescriptions/verify/{token}`). */
    verificationCount: integer('verification_count').notNull().default(0),
    /** Dispensed once, by one pharmacy: its name as it was then stays with the record. */
    dispensedAt: instant('dispensed_at'),
    dispensedFacilityId: uuid('dispensed_facility_id').references(() => facilities.id, {
      onDelete: 'set null',
    }),
    dispensedBy: text('dispensed_by'),
    /** The pharmacy the prescription was sent to, when, and when it said "ready for pickup". */
    pharmacyId: uuid('pharmacy_id').references(() => facilities.id, { onDelete: 'set null' }),
    sentAt: instant('sent_at'),
    readyAt: instant('ready_at'),
  },
  (table) => [
    uniqueIndex('prescriptions_verify_id_key').on(table.verifyId),
    // A pharmacy's incoming prescriptions, newest first (keyset (sent_at, id)).
    index('prescriptions_pharmacy_sent_idx')
      .on(table.pharmacyId, table.sentAt, table.id)
      .where(sql`${table.pharmacyId} is not null`),
    check(
      'prescriptions_dispensed_check',
      sql`(${table.dispensedAt} is null) = (${table.dispensedBy} is null)`,
    ),
    check(
      'prescriptions_sent_check',
      sql`(${table.pharmacyId} is null or ${table.sentAt} is not null)`,
    ),
    check('prescriptions_verification_count_check', sql`${table.verificationCount} >= 0`),
    index('prescriptions_patient_created_idx').on(table.patientId, table.createdAt, table.id),
    // The pharmacy a patient chose: their prescription last sent to one (keyset (sent_at, id)).
    index('prescriptions_patient_sent_idx')
      .on(table.patientId, table.sentAt, table.id)
      .where(sql`${table.sentAt} is not null`),
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
