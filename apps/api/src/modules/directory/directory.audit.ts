import type { DbOrTx } from '../../db/client.ts';
import type { AuditEntry } from '../audit/audit.repository.ts';
import { insertActorAuditEvents, type Actor } from '../audit/owned-records.ts';

type DirectoryKind = 'facility' | 'staff' | 'listing';

/**
 * One event of the directory's trail: about a facility, a staff member or a listing, never a
 * patient. `id` null: the event is about no one record (a list, an id that cannot be one).
 */
export const auditDirectory = (
  db: DbOrTx,
  actor: Actor,
  {
    kind,
    id,
    action,
    outcome,
  }: {
    kind: DirectoryKind;
    id: string | null;
    action: AuditEntry['action'];
    outcome: AuditEntry['outcome'];
  },
) =>
  insertActorAuditEvents(db, actor, [
    { patientId: null, subject: id ? { kind, id } : null, action, outcome },
  ]);
