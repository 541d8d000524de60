import type { TAppointment } from '@portal/shared/appointment';
import type { Db } from '../../db/client.ts';
import { toApiAppointment } from './appointments.fields.ts';
import { owned, type Actor, type Refusals } from './appointments.refusals.ts';
import * as repository from './appointments.repository.ts';

/**
 * Cancelling: the one status change with a route of its own, since it frees the time (a
 * cancelled appointment is outside the exclusion constraints) and needs no body.
 */
export function createCancellation({ db, refusals }: { db: Db; refusals: Refusals }) {
  const { audit, versionsToMatch, refuseStale } = refusals;
  return {
    /** Idempotent: cancelling a cancelled appointment answers it unchanged. */
    async cancelAppointment({
      actor,
      id,
      ifMatch,
    }: {
      actor: Actor;
      id: string;
      ifMatch?: string;
    }): Promise<TAppointment> {
      const versions = await versionsToMatch(actor, 'cancel', { id, ifMatch });
      const key = owned(actor, id);
      const row = await db.transaction(async (tx) => {
        const cancelled = await repository.cancelAppointment(tx, { ...key, versions });
        const current = await repository.findAppointment(tx, key);
        if (current && (cancelled || current.status === 'cancelled')) {
          await audit(tx, actor, {
            action: 'cancel',
            outcome: 'success',
            patientId: current.patientId,
            subject: { kind: 'appointment', id: current.id },
          });
          return { current, isDone: true };
        }
        return { current, isDone: false };
      });
      if (!row.isDone) return refuseStale(actor, 'cancel', id, row.current);
      return toApiAppointment(row.current!);
    },
  };
}
