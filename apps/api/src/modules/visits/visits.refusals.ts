import type { TAuditAction, TAuditOutcome } from '@portal/shared/audit';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { etagOf } from '../../lib/etag.ts';
import { storedId } from '../../lib/uuid.ts';
import { auditRecord } from '../audit/audit.repository.ts';
import { createPatientsAudit, insertActorAuditEvents, type Actor } from '../audit/owned-records.ts';
import type { RecordInvalidAttempt } from '../audit/owned-records.http.ts';
import { toApiVisit, type VisitRecord } from './visits.fields.ts';

export type { Actor };

/**
 * The visits' audit trail and the refusals every part of the service shares: each refusal is
 * audited with its outcome before it is thrown.
 */
export function createVisitRefusals(db: Db) {
  const audit = (
    tx: DbOrTx,
    actor: Actor,
    {
      action,
      outcome,
      patientId,
      visitId,
    }: {
      action: TAuditAction;
      outcome: TAuditOutcome;
      patientId: string | null;
      /** The visit the event is about; null for a list of the patient's visits. */
      visitId: string | null;
    },
  ) =>
    insertActorAuditEvents(tx, actor, [
      { action, outcome, patientId, subject: auditRecord('visit', visitId) },
    ]);

  /** A patient that is missing, in the trash, someone else's or not an id: one 404. */
  const { deny: refusePatient } = createPatientsAudit(db);

  /** A visit that is missing, another patient's, someone else's or not an id: one 404. */
  async function deny(
    actor: Actor,
    action: TAuditAction,
    { patientId, visitId }: { patientId: string; visitId: string },
  ): Promise<never> {
    await audit(db, actor, { action, outcome: 'denied', patientId, visitId: storedId(visitId) });
    throw new AppError('VISIT_NOT_FOUND');
  }

  /** A change refused by the visit's state: signed (no edit), unsigned (no addendum), or stale. */
  async function refuseState(
    actor: Actor,
    action: TAuditAction,
    current: VisitRecord,
    code: 'VISIT_SIGNED' | 'VISIT_NOT_SIGNED' | 'VISIT_CHANGED',
  ): Promise<never> {
    await audit(db, actor, {
      action,
      outcome: 'conflict',
      patientId: current.patientId,
      visitId: current.id,
    });
    throw new AppError(code, { headers: { etag: etagOf(toApiVisit(current)) } });
  }

  /** A create or update refused by validation is a refused attempt in the trail too. */
  const recordInvalidAttempt: RecordInvalidAttempt = async ({ actor, action, patientId, id }) => {
    await audit(db, actor, {
      action,
      outcome: 'invalid',
      patientId: storedId(patientId),
      visitId: storedId(id),
    });
  };

  return { audit, refusePatient, deny, refuseState, recordInvalidAttempt };
}

export type VisitRefusals = ReturnType<typeof createVisitRefusals>;
