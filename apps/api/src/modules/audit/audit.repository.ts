import {
  and,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AuditSubjectKind, TAuditAction, TAuditOutcome } from '@portal/shared/audit';
import type { Db, DbOrTx } from '../../db/client.ts';
import { countRows } from '../../db/rows.ts';
import { auditEvents, type AuditEventRow } from '../../db/schema/audit.ts';
import { patientLinks } from '../../db/schema/patient-links.ts';
import { patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/users.ts';

/** A record an event names besides its patient: an appointment, a visit, an item of a patient-owned kind. */
export interface AuditRecord {
  kind: AuditSubjectKind;
  id: string;
}

/** The record of this kind with this id; none when there is no id (a malformed one, say). */
export const auditRecord = (kind: AuditSubjectKind, id: string | null | undefined) =>
  id ? { kind, id } : null;

/** Who did what to which patient, how it ended, in which request. Never the patient's fields. */
export interface AuditEntry {
  actorId: string;
  patientId: string | null;
  /** The record the event is about; none for an event about the patient itself, or a list. */
  subject?: AuditRecord | null;
  /** A second record the event names: on `acknowledge`, the record that was warned of. */
  related?: AuditRecord | null;
  /** How many results a `search` showed; never what was searched for. */
  resultCount?: number | null;
  action: TAuditAction;
  outcome: TAuditOutcome;
  requestId: string | null;
}

export async function insertAuditEvents(db: DbOrTx, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditEvents).values(
    entries.map(({ subject, related, ...entry }) => ({
      ...entry,
      subjectKind: subject?.kind ?? null,
      subjectId: subject?.id ?? null,
      relatedKind: related?.kind ?? null,
      relatedId: related?.id ?? null,
    })),
  );
}

/**
 * An event with the name of its patient (while that patient is the viewer's), who acted, and
 * whether they acted as a person linked to the patient rather than as its practitioner.
 */
export type AuditEventWithName = AuditEventRow & {
  patientName: string | null;
  actorName: string | null;
  isLinkedActor: boolean;
};

/** The viewer's own patient named by an event: joined on the event, none when it is not theirs. */
const isViewersPatient = (viewerId: string): SQL =>
  and(eq(patients.id, auditEvents.patientId), eq(patients.ownerId, viewerId))!;

/**
 * The viewer's trail is two disjoint parts: their own events, and the successful ones of people
 * linked to their patients (a patient reading their record, marking an activity). Refused
 * attempts of others stay out, so a stranger's probe of an id never shows the practitioner who
 * they are. The second part reads the event's patient as joined by `isViewersPatient`: a key
 * lookup per event, where a list of the viewer's patients would be read whole (a hundred
 * thousand of them) for every page.
 */
const ownEvents = (viewerId: string) => eq(auditEvents.actorId, viewerId);
const othersEventsOnViewersPatients = (viewerId: string) =>
  and(ne(auditEvents.actorId, viewerId), eq(auditEvents.outcome, 'success'));

/**
 * The viewer's trail (above), newest first, after the event id `beforeId` when given. The
 * patient's name is joined on the viewer as owner, so an attempt on someone else's patient (a
 * `denied` event) never learns its name; a purged patient has none left. Whether the actor is
 * linked to the patient is one lookup per event of the page (lateral, `limit 1`), not a hash of
 * every link.
 */
export async function findAuditEvents(
  db: Db,
  { actorId, beforeId, limit }: { actorId: string; beforeId: number | null; limit: number },
): Promise<AuditEventWithName[]> {
  const link = db
    .select({ id: patientLinks.id })
    .from(patientLinks)
    .where(
      and(
        eq(patientLinks.userId, auditEvents.actorId),
        eq(patientLinks.patientId, auditEvents.patientId),
      ),
    )
    .limit(1)
    .as('link');
  return db
    .select({
      ...getTableColumns(auditEvents),
      patientName: patients.name,
      actorName: users.name,
      isLinkedActor: sql<boolean>`${link.id} is not null`,
    })
    .from(auditEvents)
    .leftJoin(patients, isViewersPatient(actorId))
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .leftJoinLateral(link, sql`true`)
    .where(
      and(
        or(ownEvents(actorId), and(othersEventsOnViewersPatients(actorId), isNotNull(patients.id))),
        beforeId === null ? undefined : lt(auditEvents.id, beforeId),
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(limit);
}

/**
 * The trail's size in one pass over the events: the viewer's patients are read once, as a set,
 * which for a count of many events costs less than a lookup per event.
 */
export async function countAuditEvents(db: Db, actorId: string): Promise<number> {
  return countRows(
    db,
    auditEvents,
    or(
      ownEvents(actorId),
      and(
        othersEventsOnViewersPatients(actorId),
        inArray(
          auditEvents.patientId,
          sql`(select id from ${patients} where ${patients.ownerId} = ${actorId})`,
        ),
      ),
    ),
  );
}
