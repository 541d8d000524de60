import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { findRow } from '../../db/rows.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { patients } from '../../db/schema/patients.ts';
import { voiceCallRequests, voiceCalls, type VoiceCallRow } from '../../db/schema/voice.ts';

/**
 * Binds a new call to the user who started it. Retell's call ids are unique; should one ever
 * come back for a different user, the call is marked ended, so no function can act through a
 * call whose owner is in doubt.
 */
export async function bindVoiceCall(
  db: Db,
  values: { callId: string; userId: string; agentId: string; language: string; startedAt: Date },
): Promise<void> {
  await db
    .insert(voiceCalls)
    .values(values)
    .onConflictDoUpdate({
      target: voiceCalls.callId,
      set: { endedAt: sql`now()` },
      setWhere: sql`${voiceCalls.userId} <> excluded.user_id`,
    });
}

/** Marks the call ended (Retell's `call_ended`); an unknown or already ended call is left as is. */
export async function endVoiceCall(db: Db, callId: string, endedAt: Date): Promise<boolean> {
  const ended = await db
    .update(voiceCalls)
    .set({ endedAt })
    .where(and(eq(voiceCalls.callId, callId), isNull(voiceCalls.endedAt)))
    .returning({ callId: voiceCalls.callId });
  return ended.length > 0;
}

export async function findVoiceCall(db: Db, callId: string): Promise<VoiceCallRow | undefined> {
  return findRow(db, voiceCalls, eq(voiceCalls.callId, callId));
}

/**
 * Records that this request acts for the call: the audit events it writes are then marked with
 * the call's id by the database (the trigger of migration 0005).
 */
export async function linkRequestToCall(
  db: Db,
  { requestId, callId }: { requestId: string; callId: string },
): Promise<void> {
  await db.insert(voiceCallRequests).values({ requestId, callId });
}

/** More than any conversation books or cancels; the panel shows them all. */
const CALL_ACTIONS_LIMIT = 100;

/**
 * The bookings and cancellations a call's functions made, oldest first: its successful
 * `create` and `cancel` audit events (marked with the call's id by the 0005 trigger), with the
 * appointment's start and patient's name read now, both joined on the user as owner.
 */
export async function findCallActions(
  db: Db,
  { callId, userId }: { callId: string; userId: string },
) {
  return db
    .select({
      action: auditEvents.action,
      at: auditEvents.createdAt,
      appointmentId: appointments.id,
      startsAt: appointments.startsAt,
      patientName: patients.name,
    })
    .from(auditEvents)
    .innerJoin(
      appointments,
      and(
        eq(auditEvents.subjectKind, 'appointment'),
        eq(appointments.id, auditEvents.subjectId),
        eq(appointments.ownerId, userId),
      ),
    )
    .innerJoin(patients, and(eq(patients.id, appointments.patientId), eq(patients.ownerId, userId)))
    .where(
      and(
        eq(auditEvents.voiceCallId, callId),
        eq(auditEvents.actorId, userId),
        eq(auditEvents.outcome, 'success'),
        inArray(auditEvents.action, ['create', 'cancel']),
      ),
    )
    .orderBy(asc(auditEvents.id))
    .limit(CALL_ACTIONS_LIMIT);
}
