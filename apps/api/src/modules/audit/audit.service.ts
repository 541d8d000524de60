import {
  AUDIT_SUBJECT_FIELDS,
  type AuditSubjectKind,
  type TAuditEvent,
} from '@portal/shared/audit';
import type { Db } from '../../db/client.ts';
import { keyAfter, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { countAuditEvents, findAuditEvents, type AuditEventWithName } from './audit.repository.ts';

type SubjectField = (typeof AUDIT_SUBJECT_FIELDS)[keyof typeof AUDIT_SUBJECT_FIELDS];
const SUBJECT_FIELDS: Partial<Record<AuditSubjectKind, SubjectField>> = AUDIT_SUBJECT_FIELDS;

/** The id fields of the answer, filled in for the event's subject and related record. */
function subjectFields(row: AuditEventWithName): Record<SubjectField, string | null> {
  const fields = Object.fromEntries(
    Object.values(AUDIT_SUBJECT_FIELDS).map((field) => [field, null]),
  ) as Record<SubjectField, string | null>;
  const fill = (kind: AuditSubjectKind | null, id: string | null) => {
    const field = kind && SUBJECT_FIELDS[kind];
    if (field && id) fields[field] = id;
  };
  fill(row.relatedKind, row.relatedId);
  fill(row.subjectKind, row.subjectId);
  return fields;
}

function toApiAuditEvent(row: AuditEventWithName): TAuditEvent {
  return {
    id: String(row.id),
    actorId: row.actorId,
    patientId: row.patientId,
    patientName: row.patientName,
    actorName: row.actorName,
    actorRole: row.isLinkedActor ? 'patient' : 'practitioner',
    ...subjectFields(row),
    subject: row.subjectKind && row.subjectId ? { kind: row.subjectKind, id: row.subjectId } : null,
    resultCount: row.resultCount,
    action: row.action as TAuditEvent['action'],
    outcome: row.outcome as TAuditEvent['outcome'],
    requestId: row.requestId,
    createdAt: row.createdAt.toISOString(),
  };
}

const isEventKey = (key: unknown[]): key is [number] =>
  key.length === 1 && Number.isSafeInteger(key[0]) && (key[0] as number) > 0;

export function createAuditService({ db }: { db: Db }) {
  return {
    /** The signed-in user's trail (their events and those of people linked to their patients), newest first. */
    async findAuditEvents({
      actorId,
      limit,
      cursor,
    }: {
      actorId: string;
    } & PageRequest): Promise<Page<TAuditEvent>> {
      const beforeId = keyAfter(cursor, isEventKey)?.[0] ?? null;
      return readPage({
        limit,
        rows: (oneMore) => findAuditEvents(db, { actorId, beforeId, limit: oneMore }),
        total: () => countAuditEvents(db, actorId),
        toItem: toApiAuditEvent,
        keyOf: (row) => [row.id],
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
