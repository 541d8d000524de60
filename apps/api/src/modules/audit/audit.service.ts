import type { TAuditEvent } from '@portal/shared/audit';
import type { Db } from '../../db/client.ts';
import { keyAfter, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { countAuditEvents, findAuditEvents, type AuditEventWithName } from './audit.repository.ts';

function toApiAuditEvent(row: AuditEventWithName): TAuditEvent {
  return {
    id: String(row.id),
    actorId: row.actorId,
    patientId: row.patientId,
    patientName: row.patientName,
    appointmentId: row.appointmentId,
    visitId: row.visitId,
    allergyId: row.allergyId,
    prescriptionId: row.prescriptionId,
    resultCount: row.resultCount,
    carePlanId: row.carePlanId,
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
    /** The signed-in user's own trail, newest first. */
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
