import type {
  TAppointment,
  TAppointmentConflict,
  TAppointmentData,
} from '@portal/shared/appointment';
import type { TAuditAction } from '@portal/shared/audit';
import { ERRORS } from '@portal/shared/errors';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { auditRecord } from '../audit/audit.repository.ts';
import type { OwnedUpdate } from '../audit/owned-records.ts';
import { toApiAppointment, toStoredValues } from './appointments.fields.ts';
import { owned, type Actor, type Refusals } from './appointments.refusals.ts';
import * as repository from './appointments.repository.ts';

/** PostgreSQL's exclusion_violation: an exclusion constraint refused an overlap. */
const EXCLUSION_VIOLATION = '23P01';

/** drizzle wraps the driver's error; either may carry the SQLSTATE. */
function isOverlapRefused(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return (
    codeOf(error) === EXCLUSION_VIOLATION ||
    codeOf((error as { cause?: unknown } | null)?.cause) === EXCLUSION_VIOLATION
  );
}

/** Runs a change; an overlap refused by the exclusion constraints becomes the 409. */
async function withOverlapCheck<T>(
  change: () => Promise<T>,
  clash: () => Promise<never>,
): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isOverlapRefused(error)) return clash();
    throw error;
  }
}

/**
 * Booking and rescheduling. PostgreSQL's exclusion constraints decide whether a time is free
 * (no check here could win a race); a refusal becomes 409 `APPOINTMENT_CONFLICT` naming the
 * appointment it clashes with.
 */
export function createBooking({ db, refusals }: { db: Db; refusals: Refusals }) {
  const { audit, deny, versionsToMatch, refusePatient, refuseStale } = refusals;

  /** 409 naming the live appointment the booking overlaps: its time and its patient. */
  async function refuseClash({
    actor,
    action,
    input,
    id,
  }: {
    actor: Actor;
    action: TAuditAction;
    input: TAppointmentData;
    id?: string;
  }): Promise<never> {
    const { startsAt, endsAt } = toStoredValues(input);
    await audit(db, actor, {
      action,
      outcome: 'conflict',
      patientId: input.patientId,
      subject: auditRecord('appointment', id),
    });
    const clash = await repository.findClash(db, {
      ownerId: actor.actorId,
      patientId: input.patientId,
      start: startsAt,
      end: endsAt,
      exceptId: id,
    });
    if (!clash) throw new AppError('APPOINTMENT_CONFLICT');
    const answer = toApiAppointment(clash);
    const conflict: TAppointmentConflict['conflict'] = {
      appointmentId: answer._id,
      start: answer.start,
      end: answer.end,
      localStart: answer.localStart,
      timeZone: answer.timeZone,
      patientId: answer.patientId,
      patientName: answer.patientName,
    };
    throw new AppError('APPOINTMENT_CONFLICT', {
      message: `${ERRORS.APPOINTMENT_CONFLICT.message} It overlaps ${answer.patientName}'s appointment at ${answer.localStart.replace('T', ' ')} (${answer.timeZone}).`,
      details: { conflict },
    });
  }

  return {
    async createAppointment({
      actor,
      input,
    }: {
      actor: Actor;
      input: TAppointmentData;
    }): Promise<TAppointment> {
      const ownerId = actor.actorId;
      const row = await withOverlapCheck(
        () =>
          db.transaction(async (tx) => {
            if (!(await repository.isOwnLivePatient(tx, { ownerId, patientId: input.patientId })))
              return null;
            const id = await repository.insertAppointment(tx, {
              ownerId,
              values: toStoredValues(input),
            });
            await audit(tx, actor, {
              action: 'create',
              outcome: 'success',
              patientId: input.patientId,
              subject: { kind: 'appointment', id },
            });
            return repository.findAppointment(tx, { ownerId, id });
          }),
        () => refuseClash({ actor, action: 'create', input }),
      );
      if (!row) return refusePatient(actor, 'create', input.patientId);
      return toApiAppointment(row);
    },

    /** Replaces an appointment: a reschedule, or a status change such as arrived or no-show. */
    async updateAppointment({
      actor,
      id,
      input,
      ifMatch,
    }: OwnedUpdate<TAppointmentData>): Promise<TAppointment> {
      const versions = await versionsToMatch(actor, 'update', { id, ifMatch });
      const key = owned(actor, id);
      const outcome = await withOverlapCheck(
        () =>
          db.transaction(async (tx) => {
            const current = await repository.findAppointment(tx, key);
            if (!current) return { kind: 'missing' as const };
            const patientId = input.patientId;
            if (!(await repository.isOwnLivePatient(tx, { ownerId: key.ownerId, patientId })))
              return { kind: 'patient' as const };
            const updated = await repository.updateAppointment(tx, {
              ...key,
              values: toStoredValues(input),
              versions,
            });
            if (!updated) return { kind: 'stale' as const, current };
            await audit(tx, actor, {
              action: 'update',
              outcome: 'success',
              patientId,
              subject: { kind: 'appointment', id: updated },
            });
            return { kind: 'done' as const, row: (await repository.findAppointment(tx, key))! };
          }),
        () => refuseClash({ actor, action: 'update', input, id: key.id }),
      );
      switch (outcome.kind) {
        case 'done':
          return toApiAppointment(outcome.row);
        case 'missing':
          return deny(actor, 'update', id);
        case 'patient':
          return refusePatient(actor, 'update', input.patientId);
        case 'stale':
          return refuseStale(actor, 'update', id, outcome.current);
      }
    },
  };
}
