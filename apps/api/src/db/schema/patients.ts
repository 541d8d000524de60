import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns.ts';
import { ownedRow } from './users.ts';

export const patients = pgTable(
  'patients',
  {
    ...ownedRow(),
    name: text('name').notNull(),
    diagnosedWith: text('diagnosed_with').notNull(),
    address: text('address').notNull(),
    /** As sent, or counted from the date of birth when the record was saved. */
    age: integer('age').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** Null only on a self-registered record the practitioner has not completed. */
    bloodGroup: text('blood_group'),
    gender: text('gender'),
    email: text('email'),
    phone: text('phone').notNull(),
    emergencyPhone: text('emergency_phone').notNull(),
    hasChronicDiseases: boolean('has_chronic_diseases').notNull().default(false),
    /**
     * Made by the patient booking online, not by the practitioner (decision 0029): its clinical
     * fields (diagnosis, address, phones, blood group, gender) may be empty until completed.
     */
    selfRegistered: boolean('self_registered').notNull().default(false),
    /**
     * Lower-cased name, phone, e-mail and diagnosis, searched by `?q=` through the trigram index
     * and the covering list index. Capped at 600 characters so that an index entry always fits
     * a btree page (at most 2,400 bytes of UTF-8); name, phone and e-mail (467 at most) come
     * first, so only the tail of a very long diagnosis is left out of search.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`left(lower(name || ' ' || phone || ' ' || coalesce(email, '') || ' ' || diagnosed_with), 600)`,
    ),
    ...timestamps(),
    /** Set when moved to the trash; purged 30 days later. */
    deletedAt: instant('deleted_at'),
  },
  (table) => [
    // The list, newest first, keyset-paged. The migration adds INCLUDE (search_text), which
    // drizzle cannot express: a search then filters the owner's entries without heap visits.
    index('patients_owner_live_idx')
      .on(table.ownerId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.deletedAt} is null`),
    // Duplicate warning (same name and phone, oldest first: the scan stops at the fifth match
    // however many share the phone) and the no-search count, index-only.
    index('patients_owner_phone_created_idx')
      .on(table.ownerId, table.phone, table.createdAt)
      .where(sql`${table.deletedAt} is null`),
    index('patients_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('patients_deleted_idx')
      .on(table.deletedAt)
      .where(sql`${table.deletedAt} is not null`),
    check('patients_date_of_birth_check', sql`${table.dateOfBirth} >= '1900-01-01'`),
    check(
      'patients_complete_check',
      sql`${table.selfRegistered} or (${table.bloodGroup} is not null and ${table.gender} is not null and ${table.diagnosedWith} <> '' and ${table.address} <> '' and ${table.phone} <> '' and ${table.emergencyPhone} <> '')`,
    ),
  ],
);

/** A row about one of its owner's patients: it goes with the patient, and with the owner. */
export function patientRecord() {
  return {
    ...ownedRow(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
  };
}

export type PatientRow = typeof patients.$inferSelect;
