import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { prescriptions } from './clinical.ts';
import { instant, timestamps } from './columns.ts';
import { patientRecord } from './patients.ts';
import { userReference } from './users.ts';

/**
 * A linked person's request for a refill of one prescription, and the practitioner's answer:
 * approved (with the new prescription written for it) or declined (with a message). At most
 * one open request per prescription (unique index below).
 */
export const refillRequests = pgTable(
  'refill_requests',
  {
    ...patientRecord(),
    prescriptionId: uuid('prescription_id')
      .notNull()
      .references(() => prescriptions.id, { onDelete: 'cascade' }),
    requesterId: userReference('requester_id'),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('open'),
    /** The practitioner's message when declined; '' otherwise. */
    message: text('message').notNull().default(''),
    /** The prescription written when approved. */
    newPrescriptionId: uuid('new_prescription_id').references(() => prescriptions.id, {
      onDelete: 'set null',
    }),
    answeredAt: instant('answered_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('refill_requests_open_key')
      .on(table.prescriptionId)
      .where(sql`${table.status} = 'open'`),
    // One patient's requests, newest first (the practitioner's and the linked person's lists).
    index('refill_requests_patient_created_idx').on(table.patientId, table.createdAt, table.id),
    // The practitioner's count of open requests (the menu).
    index('refill_requests_owner_open_idx')
      .on(table.ownerId)
      .where(sql`${table.status} = 'open'`),
    check('refill_requests_status_check', sql`${table.status} in ('open', 'approved', 'declined')`),
    check('refill_requests_note_check', sql`char_length(${table.note}) <= 1000`),
    check('refill_requests_message_check', sql`char_length(${table.message}) <= 1000`),
    check(
      'refill_requests_answered_check',
      sql`(${table.status} = 'open') = (${table.answeredAt} is null)`,
    ),
  ],
);

export type RefillRequestRow = typeof refillRequests.$inferSelect;
