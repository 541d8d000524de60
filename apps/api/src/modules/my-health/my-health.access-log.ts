import { and, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { AuditSubjectKind } from '@portal/shared/audit';
import type { TMyAccessEntry } from '@portal/shared/my-health';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { patientLinks } from '../../db/schema/patient-links.ts';
import { users } from '../../db/schema/users.ts';
import { insertActorAuditEvents } from '../audit/owned-records.ts';
import { getLinkedPatient, type LinkedPatient } from './linked-patient.ts';
import type { MyPlace } from './my-health.service.ts';

/** The most entries "who viewed my record" answers, newest first. */
export const ACCESS_LOG_MAX = 200;

/** What counts as viewing the record: a read of it or of an item, a list, an export. */
const VIEWS = ['read', 'list', 'export'] as const;

/**
 * Events about access itself rather than the clinical record: the practitioner's invitations, a
 * link, and the reads of this log (audited as a read of the caller's link). Left out so that
 * opening the log does not add to it, and the log stays a list of who saw the record's contents.
 */
const ACCESS_KINDS: AuditSubjectKind[] = ['invitation', 'link'];

/**
 * The record's views, newest first: successful reads, lists and exports of this patient by its
 * practitioner or by anyone ever linked to it (an ended link's reads happened all the same).
 * Refused attempts stay out, as in the practitioner's trail: a stranger's probe is no view.
 * Served by `audit_events_patient_idx` (patient, id), read backwards.
 */
async function findRecordViews(db: Db, { ownerId, patientId }: LinkedPatient) {
  return db
    .select({
      at: auditEvents.createdAt,
      actorId: auditEvents.actorId,
      actorName: users.name,
      action: auditEvents.action,
      subjectKind: auditEvents.subjectKind,
    })
    .from(auditEvents)
    .innerJoin(users, eq(users.id, auditEvents.actorId))
    .where(
      and(
        eq(auditEvents.patientId, patientId),
        eq(auditEvents.outcome, 'success'),
        inArray(auditEvents.action, [...VIEWS]),
        or(isNull(auditEvents.subjectKind), notInArray(auditEvents.subjectKind, ACCESS_KINDS)),
        or(
          eq(auditEvents.actorId, ownerId),
          inArray(
            auditEvents.actorId,
            sql`(select ${patientLinks.userId} from ${patientLinks} where ${patientLinks.patientId} = ${patientId} and ${patientLinks.ownerId} = ${ownerId})`,
          ),
        ),
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(ACCESS_LOG_MAX);
}

/** "Who viewed my record": for a linked person, the views of that record, names only. */
export function createMyAccessLogService({ db }: { db: Db }) {
  return {
    async findAccessLog(place: MyPlace): Promise<{ items: TMyAccessEntry[] }> {
      const link = await getLinkedPatient(db, { ...place, action: 'read' });
      const rows = await findRecordViews(db, link);
      await insertActorAuditEvents(db, place.actor, [
        {
          patientId: link.patientId,
          action: 'read',
          outcome: 'success',
          subject: { kind: 'link', id: link.linkId },
        },
      ]);
      const items = rows.map((row) => ({
        at: row.at.toISOString(),
        actor:
          row.actorId === place.actor.actorId
            ? ('you' as const)
            : row.actorId === link.ownerId
              ? ('practitioner' as const)
              : ('linked' as const),
        actorName: row.actorName,
        action: row.action as TMyAccessEntry['action'],
        subjectKind: row.subjectKind,
      }));
      return { items };
    },
  };
}

export type MyAccessLogService = ReturnType<typeof createMyAccessLogService>;
