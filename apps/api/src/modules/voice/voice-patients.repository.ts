import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { patients } from '../../db/schema/patients.ts';
import type { Actor } from '../audit/owned-records.ts';
import { insertAuditEvents } from '../audit/audit.repository.ts';

/** A patient as the voice agent may hear of them: no diagnosis, address or contact details. */
export interface VoicePatient {
  id: string;
  name: string;
  age: number;
}

/**
 * The actor's live patients whose NAME contains `name` (case-insensitive), newest first,
 * audited as a `list` like the web's patient search. Only the name is searched: the web's
 * search also matches diagnosis, phone and e-mail, and a caller saying a condition would then
 * send several patients' names and ages to the voice provider's language model.
 */
export async function findPatientsByName(
  db: Db,
  { actor, name, limit }: { actor: Actor; name: string; limit: number },
): Promise<VoicePatient[]> {
  const escaped = name.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: patients.id, name: patients.name, age: patients.age })
      .from(patients)
      .where(
        and(
          eq(patients.ownerId, actor.actorId),
          isNull(patients.deletedAt),
          sql`lower(${patients.name}) like lower(${`%${escaped}%`})`,
        ),
      )
      .orderBy(desc(patients.createdAt), desc(patients.id))
      .limit(limit);
    await insertAuditEvents(tx, [
      {
        actorId: actor.actorId,
        patientId: null,
        action: 'list',
        outcome: 'success',
        requestId: actor.requestId,
      },
    ]);
    return rows;
  });
}
