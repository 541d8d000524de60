import {
  APPOINTMENT_MESSAGES,
  type TAppointment,
  type TAppointmentConflict,
  type TAppointmentData,
  type TFreeSlots,
} from '@portal/shared/appointment';
import type { TAuditAction, TAuditOutcome } from '@portal/shared/audit';
import { ERRORS } from '@portal/shared/errors';
import { SCHEDULE_LIMITS } from '@portal/shared/profile';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { etagOf, ISO_MS, parseIfMatch } from '../../lib/etag.ts';
import { decodeCursor, encodeCursor, type Page } from '../../lib/paging.ts';
import { isUuid } from '../../lib/uuid.ts';
import { insertAuditEvents, type DbOrTx } from '../audit/audit.repository.ts';
import { findUserById } from '../users/users.repository.ts';
import { freeSlots, workingSpan } from './appointments.free-slots.ts';
import { toApiAppointment, toStoredValues, type AppointmentRecord } from './appointments.fields.ts';
import * as repository from './appointments.repository.ts';

/** Who is asking, for scoping and for the audit trail. */
export interface Actor {
  actorId: string;
  requestId: string;
}

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

const isAgendaKey = (key: unknown[]): key is repository.AgendaKey =>
  key.length === 2 &&
  typeof key[0] === 'string' &&
  ISO_MS.test(key[0]) &&
  !Number.isNaN(Date.parse(key[0])) &&
  typeof key[1] === 'string' &&
  isUuid(key[1]);

export function createAppointmentService({
  db,
  now = () => new Date(),
}: {
  db: Db;
  now?: () => Date;
}) {
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
      appointmentId: id ?? null,
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

  const owned = (actor: Actor, id: string) => ({ ownerId: actor.actorId, id: id.toLowerCase() });

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
              appointmentId: id,
            });
            return repository.findAppointment(tx, { ownerId, id });
          }),
        () => refuseClash({ actor, action: 'create', input }),
      );
      if (!row) return refusePatient(actor, 'create', input.patientId);
      return toApiAppointment(row);
    },

    async getAppointment({ actor, id }: { actor: Actor; id: string }): Promise<TAppointment> {
      if (!isUuid(id)) return deny(actor, 'read', id);
      const row = await repository.findAppointment(db, owned(actor, id));
      if (!row) return deny(actor, 'read', id);
      await audit(db, actor, {
        action: 'read',
        outcome: 'success',
        patientId: row.patientId,
        appointmentId: row.id,
      });
      return toApiAppointment(row);
    },

    async findAppointments({
      actor,
      from,
      to,
      patientId,
      limit,
      cursor,
    }: {
      actor: Actor;
      from: string;
      to: string;
      patientId?: string;
      limit: number;
      cursor?: string;
    }): Promise<Page<TAppointment>> {
      const after = cursor ? decodeCursor(cursor, isAgendaKey) : null;
      const range = {
        ownerId: actor.actorId,
        from: new Date(from),
        to: new Date(to),
        patientId: patientId?.toLowerCase(),
      };
      const [rows, total] = await Promise.all([
        repository.listAppointments(db, { ...range, after, limit: limit + 1 }),
        repository.countAppointments(db, range),
      ]);
      await audit(db, actor, {
        action: 'list',
        outcome: 'success',
        patientId: range.patientId ?? null,
        appointmentId: null,
      });
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return {
        items: items.map(toApiAppointment),
        nextCursor:
          rows.length > limit && last ? encodeCursor([last.startsAt.toISOString(), last.id]) : null,
        total,
      };
    },

    async updateAppointment({
      actor,
      id,
      input,
      ifMatch,
    }: {
      actor: Actor;
      id: string;
      input: TAppointmentData;
      ifMatch?: string;
    }): Promise<TAppointment> {
      if (!isUuid(id)) return deny(actor, 'update', id);
      const versions = parseIfMatch(ifMatch);
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
              appointmentId: updated,
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
      if (!isUuid(id)) return deny(actor, 'cancel', id);
      const versions = parseIfMatch(ifMatch);
      const key = owned(actor, id);
      const row = await db.transaction(async (tx) => {
        const cancelled = await repository.cancelAppointment(tx, { ...key, versions });
        const current = await repository.findAppointment(tx, key);
        if (current && (cancelled || current.status === 'cancelled')) {
          await audit(tx, actor, {
            action: 'cancel',
            outcome: 'success',
            patientId: current.patientId,
            appointmentId: current.id,
          });
          return { current, isDone: true };
        }
        return { current, isDone: false };
      });
      if (!row.isDone) return refuseStale(actor, 'cancel', id, row.current);
      return toApiAppointment(row.current!);
    },

    /**
     * A day's free slots: the practitioner's working hours that day, in their time zone, minus
     * their live appointments and what has already begun.
     */
    async findFreeSlots({
      actor,
      date,
      duration,
    }: {
      actor: Actor;
      date: string;
      duration: number;
    }): Promise<TFreeSlots> {
      const user = await findUserById(db, actor.actorId);
      if (!user) throw new AppError('NOT_AUTHENTICATED');
      const timeZone = user.timeZone ?? SCHEDULE_LIMITS.defaultTimeZone;
      const span = workingSpan({ date, workingHours: user.workingHours, timeZone });
      const answer = { date, timeZone, duration, slots: [] as TFreeSlots['slots'] };
      if (!span) return answer;
      const busy = await repository.findLiveBetween(db, {
        ownerId: actor.actorId,
        from: span.start,
        to: span.end,
      });
      return {
        ...answer,
        slots: freeSlots({ span, duration, busy, timeZone, now: now() }),
      };
    },

    /** A create or update refused by validation is a refused attempt in the trail too. */
    async recordInvalidAttempt({
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
    },
  };
}

export type AppointmentService = ReturnType<typeof createAppointmentService>;
