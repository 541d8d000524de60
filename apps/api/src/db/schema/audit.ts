import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { AuditSubjectKind } from '@portal/shared/audit';
import { createdAt } from './columns.ts';

/**
 * Append-only trail of every read or change of a patient record (a trigger in the
 * migration refuses UPDATE and DELETE). Never holds the patient's fields.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').notNull(),
    patientId: uuid('patient_id'),
    /**
     * The record the event is about besides the patient (an appointment, a visit, ...; its
     * patient is then `patient_id`), as kind and id: a new kind of record needs no new column.
     * Both null for an event about the patient itself or about no one record (a list, a search).
     */
    subjectKind: text('subject_kind').$type<AuditSubjectKind>(),
    subjectId: uuid('subject_id'),
    /** A second record the event names: on `acknowledge`, the record that was warned of. */
    relatedKind: text('related_kind').$type<AuditSubjectKind>(),
    relatedId: uuid('related_id'),
    /** Set for events written while a voice call's function acted: by trigger, see voice.ts. */
    voiceCallId: text('voice_call_id'),
    /** How many results a `search` event answered; never what was searched for. */
    resultCount: integer('result_count'),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_events_actor_idx').on(table.actorId, table.id),
    // The practitioner's trail also lists what people linked to their patients did.
    index('audit_events_patient_idx').on(table.patientId, table.id),
    // What one voice call did (the voice panel asks every few seconds during a call): only the
    // few rows voice functions wrote are in it, so it costs nothing on the rest of the trail.
    index('audit_events_voice_call_idx')
      .on(table.voiceCallId, table.id)
      .where(sql`${table.voiceCallId} is not null`),
    check(
      'audit_events_subject_check',
      sql`(${table.subjectKind} is null) = (${table.subjectId} is null)`,
    ),
    check(
      'audit_events_related_check',
      sql`(${table.relatedKind} is null) = (${table.relatedId} is null)`,
    ),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
