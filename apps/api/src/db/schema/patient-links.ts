import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.ts';
import { patientRecord } from './patients.ts';
import type { TLinkRelationship } from '@portal/shared/patient-access';
import { userReference } from './users.ts';

const relationshipCheck = (column: unknown) =>
  sql`${column} in ('self', 'parent-or-guardian', 'carer')`;

/**
 * An invitation to link a person to one patient record: `owner_id` is the practitioner. Only a
 * hash of its code is kept (the code is shown once). At most one open invitation per patient: a
 * new one ends the old (`ended_at`), as do five failed tries and the end of the patient's access.
 */
export const patientInvitations = pgTable(
  'patient_invitations',
  {
    ...patientRecord(),
    /** SHA-256 (hex) of the code; the code itself is never stored. */
    codeHash: text('code_hash').notNull().unique(),
    relationship: text('relationship').$type<TLinkRelationship>().notNull(),
    /** The address the invitation was sent to; its verified owner needs no date of birth. */
    email: text('email'),
    expiresAt: instant('expires_at').notNull(),
    failedTries: integer('failed_tries').notNull().default(0),
    usedAt: instant('used_at'),
    endedAt: instant('ended_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('patient_invitations_open_key')
      .on(table.patientId)
      .where(sql`${table.usedAt} is null and ${table.endedAt} is null`),
    check('patient_invitations_relationship_check', relationshipCheck(table.relationship)),
    check('patient_invitations_failed_tries_check', sql`${table.failedTries} between 0 and 5`),
  ],
);

/**
 * A person (`user_id`) linked to one patient record of one practitioner (`owner_id`). Ended
 * links are kept (`ended_at`) so the details can say who had access and until when; only a live
 * link (ended_at null) grants anything.
 */
export const patientLinks = pgTable(
  'patient_links',
  {
    ...patientRecord(),
    userId: userReference('user_id'),
    relationship: text('relationship').$type<TLinkRelationship>().notNull(),
    invitationId: uuid('invitation_id').references(() => patientInvitations.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    endedAt: instant('ended_at'),
  },
  (table) => [
    // A person's live links (every /api/me request checks one), and one live link per pair.
    uniqueIndex('patient_links_live_key')
      .on(table.userId, table.patientId)
      .where(sql`${table.endedAt} is null`),
    // The patient's details: who is or was linked.
    index('patient_links_patient_idx').on(table.patientId, table.createdAt),
    check('patient_links_relationship_check', relationshipCheck(table.relationship)),
  ],
);

export type PatientInvitationRow = typeof patientInvitations.$inferSelect;
export type PatientLinkRow = typeof patientLinks.$inferSelect;
