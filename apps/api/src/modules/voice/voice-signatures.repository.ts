import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { voiceSignatures } from '../../db/schema/voice-signatures.ts';

/**
 * Records a signature as used: true the first time, false when it was seen before (a replay),
 * on any instance. Expired rows go first, so the table holds at most five minutes of requests;
 * the unique key decides between two identical requests arriving at once.
 */
export async function recordVoiceSignature(
  db: Db,
  { replayKey, acceptedUntil, now }: { replayKey: string; acceptedUntil: Date; now: Date },
): Promise<boolean> {
  await db.delete(voiceSignatures).where(lt(voiceSignatures.expiresAt, now));
  const inserted = await db
    .insert(voiceSignatures)
    .values({ replayKey, expiresAt: acceptedUntil })
    .onConflictDoNothing()
    .returning({ replayKey: voiceSignatures.replayKey });
  return inserted.length > 0;
}
