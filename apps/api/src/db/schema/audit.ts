import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
    /** Set for events about an appointment; the patient is then the appointment's. */
    appointmentId: uuid('appointment_id'),
    /** Set for events about a visit; the patient is then the visit's. */
    visitId: uuid('visit_id'),
    /** Set for events about an allergy, and on `acknowledge` (the allergy that was warned of). */
    allergyId: uuid('allergy_id'),
    /** Set for events about a prescription. */
    prescriptionId: uuid('prescription_id'),
    /** Set for events about a care plan or one of its occurrences. */
    carePlanId: uuid('care_plan_id'),
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
    // What one voice call did (the voice panel asks every few seconds during a call): only the
    // few rows voice functions wrote are in it, so it costs nothing on the rest of the trail.
    index('audit_events_voice_call_idx')
      .on(table.voiceCallId, table.id)
      .where(sql`${table.voiceCallId} is not null`),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
