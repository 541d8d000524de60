import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  CORRECTION_ABOUT_KINDS,
  type TCorrectionAboutKind,
  type TCorrectionStatus,
} from '@portal/shared/correction';
import { instant } from './columns.ts';
import { patientRecord } from './patients.ts';
import { users } from './users.ts';

/**
 * A linked person's request to correct a patient record (`owner_id` is the practitioner), and
 * the practitioner's answer. Requests are kept whatever the answer, and outlive the account
 * that asked or answered (`set null`), since the record keeps that a correction was asked for.
 */
export const patientCorrections = pgTable(
  'patient_corrections',
  {
    ...patientRecord(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** What the request points at; `about_id` null for the patient's details (or no kind). */
    aboutKind: text('about_kind').$type<TCorrectionAboutKind>(),
    aboutId: uuid('about_id'),
    text: text('text').notNull(),
    status: text('status').$type<TCorrectionStatus>().notNull().default('requested'),
    /** What was changed (accepted) or why not (declined); '' while requested. */
    answer: text('answer').notNull().default(''),
    requestedAt: instant('requested_at').notNull().defaultNow(),
    answeredAt: instant('answered_at'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // Both sides' lists (newest first) and the count of a patient's open requests.
    index('patient_corrections_patient_idx').on(
      table.patientId,
      table.requestedAt.desc(),
      table.id,
    ),
    check(
      'patient_corrections_status_check',
      sql`${table.status} in ('requested', 'accepted', 'declined')`,
    ),
    check(
      'patient_corrections_answered_check',
      sql`(${table.status} = 'requested') = (${table.answeredAt} is null)`,
    ),
    check(
      'patient_corrections_about_kind_check',
      sql`${table.aboutKind} in (${sql.raw(CORRECTION_ABOUT_KINDS.map((kind) => `'${kind}'`).join(', '))})`,
    ),
    check(
      'patient_corrections_about_check',
      sql`${table.aboutId} is null or ${table.aboutKind} is not null`,
    ),
  ],
);

export type PatientCorrectionRow = typeof patientCorrections.$inferSelect;
