import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
  const [row] = await db.select().from(voiceCalls).where(eq(voiceCalls.callId, callId)).limit(1);
  return row;
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
