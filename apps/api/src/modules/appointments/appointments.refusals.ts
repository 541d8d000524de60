import { APPOINTMENT_MESSAGES } from '@portal/shared/appointment';
import type { TAuditAction } from '@portal/shared/audit';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { etagOf } from '../../lib/etag.ts';
import { auditRecord } from '../audit/audit.repository.ts';
import { createOwnedRecordsAudit, type Actor } from '../audit/owned-records.ts';
import { toApiAppointment, type AppointmentRecord } from './appointments.fields.ts';

export { owned, type Actor } from '../audit/owned-records.ts';

/**
 * The appointments' audit trail and the refusals every part of the service shares: each refusal
 * is audited with its outcome before it is thrown.
 */
export function createRefusals(db: Db) {
  const { audit, deny, versionsToMatch, recordInvalidAttempt } = createOwnedRecordsAudit({
    db,
    notFound: 'APPOINTMENT_NOT_FOUND',
    subject: (appointmentId) => ({
      patientId: null,
      subject: auditRecord('appointment', appointmentId),
    }),
  });

  /** A patient that is not one of the actor's live patients: 404 on the patient field. */
  async function refusePatient(
    actor: Actor,
    action: TAuditAction,
    patientId: string,
  ): Promise<never> {
    await audit(db, actor, { action, outcome: 'denied', patientId });
    throw new AppError('PATIENT_NOT_FOUND', {
      fieldErrors: { patientId: APPOINTMENT_MESSAGES.patientRequired },
    });
  }

  /** The current version's 409 for a stale If-Match, or the 404 when there is none. */
  async function refuseStale(
    actor: Actor,
    action: TAuditAction,
    id: string,
    current: AppointmentRecord | undefined,
  ): Promise<never> {
    if (!current) return deny(actor, action, id);
    await audit(db, actor, {
      action,
      outcome: 'conflict',
      patientId: current.patientId,
      subject: { kind: 'appointment', id: current.id },
    });
    throw new AppError('APPOINTMENT_CHANGED', {
      headers: { etag: etagOf(toApiAppointment(current)) },
    });
  }

  return { audit, deny, versionsToMatch, refusePatient, refuseStale, recordInvalidAttempt };
}

export type Refusals = ReturnType<typeof createRefusals>;
