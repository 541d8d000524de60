import type { TAppointment } from '@portal/shared/appointment';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { instantIdKeyAfter, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { toApiAppointment, type AppointmentRecord } from './appointments.fields.ts';
import { owned, type Actor, type Refusals } from './appointments.refusals.ts';
import * as repository from './appointments.repository.ts';

/**
 * Requests made by online booking, on the practitioner's side: the open ones a page at a time,
 * and the answer to one (confirm: booked; decline: cancelled, with an optional message the
 * patient reads in My health). Each answer takes `If-Match` like the other changes.
 */
export function createRequests({ db, refusals, now }: { db: Db; refusals: Refusals; now: Clock }) {
  const { audit, deny, versionsToMatch, refuseStale } = refusals;

  /**
   * One answer, in one transaction: the change if the appointment is a request still open (and
   * of the version asked for), audited; otherwise the refusal that says why.
   */
  async function answer(
    actor: Actor,
    action: 'confirm' | 'decline',
    { id, ifMatch }: { id: string; ifMatch?: string },
    change: (
      tx: DbOrTx,
      key: { ownerId: string; id: string; versions: Date[] | null },
    ) => Promise<string | undefined>,
  ): Promise<TAppointment> {
    const versions = await versionsToMatch(actor, action, { id, ifMatch });
    const key = owned(actor, id);
    const outcome = await db.transaction(async (tx) => {
      const isChanged = await change(tx, { ...key, versions });
      const current = await repository.findAppointment(tx, key);
      if (current && isChanged) {
        await audit(tx, actor, {
          action,
          outcome: 'success',
          patientId: current.patientId,
          subject: { kind: 'appointment', id: current.id },
        });
      }
      return { current, isChanged: Boolean(isChanged) };
    });
    if (outcome.isChanged) return toApiAppointment(outcome.current!);
    return refuse(actor, action, id, outcome.current, versions);
  }

  /** Why an answer changed nothing: gone (404), not a request, too late, or a stale version. */
  async function refuse(
    actor: Actor,
    action: 'confirm' | 'decline',
    id: string,
    current: AppointmentRecord | undefined,
    versions: Date[] | null,
  ): Promise<never> {
    if (!current) return deny(actor, action, id);
    const isStale =
      versions !== null &&
      !versions.some((version) => version.getTime() === current.updatedAt.getTime());
    if (isStale) return refuseStale(actor, action, id, current);
    await audit(db, actor, {
      action,
      outcome: 'conflict',
      patientId: current.patientId,
      subject: { kind: 'appointment', id: current.id },
    });
    throw new AppError(
      current.status === 'requested' ? 'APPOINTMENT_REQUEST_TOO_LATE' : 'APPOINTMENT_NOT_REQUESTED',
    );
  }

  return {
    /** Confirms a request: it becomes booked. A request past its deadline is too late. */
    confirmRequest: ({ actor, id, ifMatch }: { actor: Actor; id: string; ifMatch?: string }) =>
      answer(actor, 'confirm', { id, ifMatch }, (tx, key) =>
        repository.confirmRequest(tx, { ...key, now: now() }),
      ),

    /**
     * Declines a request: it is cancelled (reason `declined`, the time free again) with the
     * message, if any, for the patient. A request past its deadline may still be declined.
     */
    declineRequest: ({
      actor,
      id,
      ifMatch,
      message,
    }: {
      actor: Actor;
      id: string;
      ifMatch?: string;
      message: string;
    }) =>
      answer(actor, 'decline', { id, ifMatch }, (tx, key) =>
        repository.declineRequest(tx, { ...key, message }),
      ),

    /** The practitioner's open requests, soonest start first, paged like the agenda. */
    async findRequests({
      actor,
      limit,
      cursor,
    }: { actor: Actor } & PageRequest): Promise<Page<TAppointment>> {
      const after = instantIdKeyAfter(cursor);
      const ownerId = actor.actorId;
      const page = await readPage({
        limit,
        rows: (oneMore) => repository.listRequests(db, { ownerId, after, limit: oneMore }),
        total: () => repository.countRequests(db, ownerId),
        toItem: toApiAppointment,
        keyOf: (row) => [row.startsAt.toISOString(), row.id],
      });
      await audit(db, actor, { action: 'list', outcome: 'success', patientId: null });
      return page;
    },

    /** The expiry job's run: every request past its deadline is cancelled (reason `expired`). */
    expireRequests: () => repository.expireRequests(db, { now: now() }),
  };
}
