import type { TAuditAction } from '@portal/shared/audit';
import type { TLinkRelationship } from '@portal/shared/my-health';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { storedId } from '../../lib/uuid.ts';
import { insertActorAuditEvents, type Actor } from '../audit/owned-records.ts';
import { findLiveLink } from './my-health.repository.ts';

/**
 * What the patient's screens are computed from, whoever looks: the linked person through their
 * link, or the practitioner previewing them (my-health.preview.ts).
 */
export interface RecordViewpoint {
  /** The practitioner whose record it is: every read is scoped by it. */
  ownerId: string;
  patientId: string;
  relationship: TLinkRelationship;
  /**
   * When the link was made: notes signed later are shared unless kept private. Null for a link
   * not made yet, as the practitioner previews it: only notes set to shared show.
   */
  linkedAt: Date | null;
}

/** A person's live link to one patient record: whose record it is, and as what they see it. */
export interface LinkedPatient extends RecordViewpoint {
  linkId: string;
  linkedAt: Date;
}

/**
 * The one gate of every `/api/me/patients/{patientId}/…` route: the caller's live link to that
 * patient (not ended, the record not in the trash), read in the request itself and never
 * cached, so an ended link or a trashed record refuses the very next request. Anything else (no
 * link, someone else's, not an id) is one audited 404 `LINK_NOT_FOUND`, which tells no more
 * than a record that does not exist.
 */
export async function getLinkedPatient(
  db: Db,
  { actor, patientId, action }: { actor: Actor; patientId: string; action: TAuditAction },
): Promise<LinkedPatient> {
  const id = storedId(patientId);
  const link = id && (await findLiveLink(db, { userId: actor.actorId, patientId: id }));
  if (link) return link;
  await insertActorAuditEvents(db, actor, [{ patientId: id, action, outcome: 'denied' }]);
  throw new AppError('LINK_NOT_FOUND');
}
