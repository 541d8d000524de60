import { and, desc, eq, getTableColumns, lt } from 'drizzle-orm';
import type { TAuditAction, TAuditOutcome } from '@portal/shared/audit';
import type { Db, DbOrTx } from '../../db/client.ts';
import { countRows } from '../../db/rows.ts';
import { auditEvents, type AuditEventRow } from '../../db/schema/audit.ts';
import { patients } from '../../db/schema/patients.ts';

/** Who did what to which patient, how it ended, in which request. Never the patient's fields. */
export interface AuditEntry {
  actorId: string;
  patientId: string | null;
  /** The appointment concerned, for appointment events. */
  appointmentId?: string | null;
  /** The visit concerned, for visit events. */
  visitId?: string | null;
  /** The allergy or prescription concerned. */
  allergyId?: string | null;
  prescriptionId?: string | null;
  /** How many results a `search` showed; never what was searched for. */
  resultCount?: number | null;
  /** The care plan concerned. */
  carePlanId?: string | null;
  action: TAuditAction;
  outcome: TAuditOutcome;
  requestId: string | null;
}

export async function insertAuditEvents(db: DbOrTx, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditEvents).values(entries);
}

/** An event with the name of its patient, when that patient is still the actor's. */
export type AuditEventWithName = AuditEventRow & { patientName: string | null };

/**
 * The actor's own events, newest first, after the event id `beforeId` when given. The patient's
 * name is joined on the owner too, so an attempt on someone else's patient (a `denied` event)
 * never learns its name; a purged patient has none left.
 */
export async function findAuditEvents(
  db: Db,
  { actorId, beforeId, limit }: { actorId: string; beforeId: number | null; limit: number },
): Promise<AuditEventWithName[]> {
  return db
    .select({ ...getTableColumns(auditEvents), patientName: patients.name })
    .from(auditEvents)
    .leftJoin(
      patients,
      and(eq(patients.id, auditEvents.patientId), eq(patients.ownerId, auditEvents.actorId)),
    )
    .where(
      and(
        eq(auditEvents.actorId, actorId),
        beforeId === null ? undefined : lt(auditEvents.id, beforeId),
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(limit);
}

export async function countAuditEvents(db: Db, actorId: string): Promise<number> {
  return countRows(db, auditEvents, eq(auditEvents.actorId, actorId));
}
