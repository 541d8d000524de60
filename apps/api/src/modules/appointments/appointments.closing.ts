import type { TAuditOutcome } from '@portal/shared/audit';
import { VISIT_MESSAGES } from '@portal/shared/visit';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { owned, type Actor, type Refusals } from './appointments.refusals.ts';
import * as repository from './appointments.repository.ts';

/**
 * A visit closing its appointment: the appointment becomes fulfilled inside the
 * visit's own transaction, so a refused visit leaves the appointment as it was.
 */
export function createClosing({ db, refusals }: { db: Db; refusals: Refusals }) {
  const { audit } = refusals;
  return {
    /**
     * Marks one of the actor's appointments of this patient fulfilled (booked or arrived ones;
     * a fulfilled one stays as it is). Someone else's, another patient's or a missing
     * appointment is a 404 on the field; a cancelled or missed one a 409.
     */
    async fulfilForVisit({
      tx,
      actor,
      id,
      patientId,
    }: {
      tx: DbOrTx;
      actor: Actor;
      id: string;
      patientId: string;
    }): Promise<void> {
      // A refusal is audited outside the visit's transaction, which it rolls back.
      const audited = (on: DbOrTx, outcome: TAuditOutcome, appointmentId: string) =>
        audit(on, actor, {
          action: 'update',
          outcome,
          patientId,
          subject: { kind: 'appointment', id: appointmentId },
        });
      const key = owned(actor, id);
      const current = await repository.findAppointment(tx, key);
      if (!current || current.patientId !== patientId) {
        await audited(db, 'denied', key.id);
        throw new AppError('APPOINTMENT_NOT_FOUND', {
          fieldErrors: { appointmentId: VISIT_MESSAGES.appointmentNotOwn },
        });
      }
      if (current.status === 'fulfilled') return;
      if (current.status !== 'booked' && current.status !== 'arrived') {
        await audited(db, 'conflict', current.id);
        throw new AppError('APPOINTMENT_NOT_OPEN', {
          fieldErrors: { appointmentId: VISIT_MESSAGES.appointmentNotOpen },
        });
      }
      await repository.fulfilAppointment(tx, key);
      await audited(tx, 'success', current.id);
    },
  };
}
