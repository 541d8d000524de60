import { APPOINTMENT_MESSAGES } from '@portal/shared/appointment';
import type { TAuditAction, TAuditOutcome } from '@portal/shared/audit';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { etagOf } from '../../lib/etag.ts';
import { isUuid } from '../../lib/uuid.ts';
import { insertAuditEvents, type DbOrTx } from '../audit/audit.repository.ts';
import { toApiAppointment, type AppointmentRecord } from './appointments.fields.ts';

/** Who is asking, for scoping and for the audit trail. */
export interface Actor {
  actorId: string;
  requestId: string;
}

/** The key of one of the actor's appointments (ids compared in lower case). */
export const owned = (actor: Actor, id: string) => ({
  ownerId: actor.actorId,
  id: id.toLowerCase(),
});

/**
 * The appointments' audit trail and the refusals every part of the service shares: each refusal
 * is audited with its outcome before it is thrown.
 */
export function createRefusals(db: Db) {
  const audit = (
    tx: DbOrTx,
    actor: Actor,
    entry: {
      action: TAuditAction;
      outcome: TAuditOutcome;
      patientId: string | null;
      appointmentId: string | null;
    },
  ) => insertAuditEvents(tx, [{ actorId: actor.actorId, requestId: actor.requestId, ...entry }]);

  /** Missing, someone else's or not an id at all: one answer, one audit outcome. */
  async function deny(actor: Actor, action: TAuditAction, id: string): Promise<never> {
    const appointmentId = isUuid(id) ? id.toLowerCase() : null;
    await audit(db, actor, { action, outcome: 'denied', patientId: null, appointmentId });
    throw new AppError('APPOINTMENT_NOT_FOUND');
  }

  /** A patient that is not one of the actor's live patients: 404 on the patient field. */
  async function refusePatient(
    actor: Actor,
    action: TAuditAction,
    patientId: string,
  ): Promise<never> {
    await audit(db, actor, { action, outcome: 'denied', patientId, appointmentId: null });
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
      appointmentId: current.id,
    });
    throw new AppError('APPOINTMENT_CHANGED', {
      headers: { etag: etagOf(toApiAppointment(current)) },
    });
  }

  /** A create or update refused by validation is a refused attempt in the trail too. */
  async function recordInvalidAttempt({
    actor,
    action,
    id,
  }: {
    actor: Actor;
    action: 'create' | 'update';
    id?: string;
  }): Promise<void> {
    await audit(db, actor, {
      action,
      outcome: 'invalid',
      patientId: null,
      appointmentId: id && isUuid(id) ? id.toLowerCase() : null,
    });
  }

  return { audit, deny, refusePatient, refuseStale, recordInvalidAttempt };
}

export type Refusals = ReturnType<typeof createRefusals>;
