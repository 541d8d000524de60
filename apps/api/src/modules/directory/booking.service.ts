import { requestExpiresAt } from '@portal/shared/appointment';
import {
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  type TDirectoryBooking,
  type TDirectoryBookingData,
} from '@portal/shared/booking';
import { DIRECTORY_LIMITS } from '@portal/shared/directory';
import { ageOn, todayInUtc } from '@portal/shared/patient';
import type { TLinkRelationship } from '@portal/shared/patient-access';
import { SCHEDULE_LIMITS } from '@portal/shared/profile';
import { toWallTime } from '@portal/shared/zoned-time';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { storedId } from '../../lib/uuid.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { insertActorAuditEvents, type Actor } from '../audit/owned-records.ts';
import { freeSlots, workingSpan } from '../appointments/appointments.free-slots.ts';
import {
  expireRequests,
  findLiveBetween,
  insertBookedAppointment,
} from '../appointments/appointments.repository.ts';
import {
  findBookerRecord,
  insertBookingLink,
} from '../patient-access/patient-access.repository.ts';
import { insertSelfRegisteredPatient } from '../patients/patients.repository.ts';
import { wantsNotice } from '../users/notices.service.ts';
import { auditDirectory } from './directory.audit.ts';
import { bookingEmail } from './booking.email.ts';
import {
  countOpenRequests,
  findBookableDoctor,
  lockBooker,
  type BookableDoctor,
} from './booking.repository.ts';

const MINUTE_MS = 60_000;

/** PostgreSQL's exclusion_violation: the no-overlap constraint refused the time. */
const EXCLUSION_VIOLATION = '23P01';

const isOverlapRefused = (error: unknown): boolean =>
  [error, (error as { cause?: unknown } | null)?.cause].some(
    (value) => (value as { code?: unknown } | null)?.code === EXCLUSION_VIOLATION,
  );

/** A time that is not one of the free slots the public slots route offers: a 400 on `start`. */
const notASlot = () =>
  new AppError('VALIDATION_FAILED', {
    message: BOOKING_MESSAGES.startRequired,
    fieldErrors: { start: BOOKING_MESSAGES.startRequired },
  });

/** The person an appointment is for, and how the booker stands to them. */
interface BookedPerson {
  relationship: TLinkRelationship;
  name: string;
  dateOfBirth: string | null;
  email: string | null;
}

/**
 * Online booking from the directory. The checks and the writes of one booking are one
 * transaction: the booker's record at that practice (found among their own links, or made and
 * linked), then the appointment; a time taken meanwhile (PostgreSQL's exclusion constraint
 * decides, as for every booking) rolls all of it back, so a refused booking leaves no record
 * and no link behind.
 */
export function createBookingService({
  db,
  now = systemClock,
  mailer,
  publicUrl,
}: {
  db: Db;
  now?: Clock;
  mailer: Mailer | null;
  publicUrl: string;
}) {
  async function bookableOrDeny(actor: Actor, id: string): Promise<BookableDoctor> {
    const publicId = storedId(id);
    const doctor = publicId ? await findBookableDoctor(db, publicId) : undefined;
    if (!doctor || doctor.onlineBooking === 'off') {
      await auditDirectory(db, actor, {
        kind: 'listing',
        id: doctor?.listingId ?? null,
        action: 'book',
        outcome: 'denied',
      });
      throw new AppError(doctor ? 'BOOKING_CLOSED' : 'DOCTOR_NOT_FOUND');
    }
    return doctor;
  }

  /**
   * Whether [start, start + duration) is on the practitioner's slot grid within their working
   * hours that day and not yet begun: the public slots' rules, before anything is looked up in
   * the agenda.
   */
  function isOnGrid(doctor: BookableDoctor, start: Date, duration: number, at: Date): boolean {
    const timeZone = doctor.timeZone ?? SCHEDULE_LIMITS.defaultTimeZone;
    const date = toWallTime(start, timeZone).date;
    const span = workingSpan({ date, workingHours: doctor.workingHours, timeZone });
    if (!span) return false;
    return freeSlots({ span, duration, busy: [], timeZone, now: at }).some(
      (slot) => Date.parse(slot.start) === start.getTime(),
    );
  }

  function personOf(user: UserRow, input: TDirectoryBookingData): BookedPerson {
    if (input.for === 'self')
      return { relationship: 'self', name: user.name, dateOfBirth: null, email: user.email };
    const { givenName, familyName, birthDate } = input.for.dependant;
    return {
      relationship: 'parent-or-guardian',
      name: `${givenName} ${familyName}`,
      dateOfBirth: birthDate,
      email: null,
    };
  }

  /** The booker's record at this practice for `person`, made and linked if there is none. */
  async function recordFor(
    tx: DbOrTx,
    actor: Actor,
    { ownerId, person, at }: { ownerId: string; person: BookedPerson; at: Date },
  ): Promise<string> {
    const userId = actor.actorId;
    const existing = await findBookerRecord(tx, {
      userId,
      ownerId,
      relationship: person.relationship,
      ...(person.dateOfBirth && {
        person: { name: person.name, dateOfBirth: person.dateOfBirth },
      }),
    });
    if (existing) return existing;
    const patientId = await insertSelfRegisteredPatient(tx, {
      ownerId,
      name: person.name,
      dateOfBirth: person.dateOfBirth,
      email: person.email,
      age: person.dateOfBirth ? ageOn(person.dateOfBirth, todayInUtc(at)) : 0,
    });
    const linkId = await insertBookingLink(tx, {
      ownerId,
      patientId,
      userId,
      relationship: person.relationship,
      at,
    });
    await insertActorAuditEvents(tx, actor, [
      { patientId, action: 'create', outcome: 'success' },
      { patientId, subject: { kind: 'link', id: linkId }, action: 'create', outcome: 'success' },
    ]);
    return patientId;
  }

  /** The confirmation e-mail, when there is a mailer and the booker has not turned it off. */
  async function confirm(
    user: UserRow,
    doctor: BookableDoctor,
    appointment: Parameters<typeof bookingEmail>[0]['appointment'],
    log: (error: unknown) => void,
  ): Promise<void> {
    if (!mailer || !(await wantsNotice(db, user.id, 'patient-appointment-reminders'))) return;
    const message = bookingEmail({ to: user.email, appointment, doctor, publicUrl, now: now() });
    // The booking stands whether or not the mail server took the message.
    await mailer.send(message).catch(log);
  }

  return {
    /**
     * Books `start` with the listed practitioner `id` (public id) for the booker or a dependant:
     * booked at once when the listing takes instant bookings, else a request. A time taken is
     * 409 `SLOT_TAKEN`, saying nothing about what took it.
     */
    async book({
      actor,
      user,
      id,
      input,
      log,
    }: {
      actor: Actor;
      user: UserRow;
      id: string;
      input: TDirectoryBookingData;
      log: (error: unknown) => void;
    }): Promise<TDirectoryBooking> {
      const doctor = await bookableOrDeny(actor, id);
      const at = now();
      const duration = input.duration ?? DIRECTORY_LIMITS.slotMinutes;
      const startsAt = new Date(input.start);
      const endsAt = new Date(startsAt.getTime() + duration * MINUTE_MS);
      const refuseInvalid = async (error: AppError) => {
        await auditDirectory(db, actor, {
          kind: 'listing',
          id: doctor.listingId,
          action: 'book',
          outcome: 'invalid',
        });
        throw error;
      };
      if (!doctor.visitKinds.includes(input.kind))
        return refuseInvalid(
          new AppError('VALIDATION_FAILED', {
            message: BOOKING_MESSAGES.kindRequired,
            fieldErrors: { kind: BOOKING_MESSAGES.kindRequired },
          }),
        );
      if (!isOnGrid(doctor, startsAt, duration, at)) return refuseInvalid(notASlot());

      const status = doctor.onlineBooking === 'instant' ? 'booked' : 'requested';
      const expiresAt = status === 'requested' ? requestExpiresAt(at, startsAt) : null;
      // A request must leave the practitioner time to answer: none within 2 hours of its start.
      if (expiresAt && expiresAt.getTime() <= at.getTime()) return refuseInvalid(notASlot());
      const person = personOf(user, input);
      const ownerId = doctor.userId;
      const refuse = async (code: 'SLOT_TAKEN' | 'BOOKING_REQUESTS_LIMIT') => {
        await auditDirectory(db, actor, {
          kind: 'listing',
          id: doctor.listingId,
          action: 'book',
          outcome: 'conflict',
        });
        throw new AppError(code);
      };

      let outcome: { appointmentId: string } | 'SLOT_TAKEN' | 'BOOKING_REQUESTS_LIMIT';
      try {
        outcome = await db.transaction(async (tx) => {
          await lockBooker(tx, actor.actorId);
          if (
            status === 'requested' &&
            (await countOpenRequests(tx, actor.actorId)) >= BOOKING_LIMITS.openRequestsMax
          )
            return 'BOOKING_REQUESTS_LIMIT' as const;
          // A request past its deadline that the expiry job has not reached yet holds nothing.
          await expireRequests(tx, { now: at, ownerId });
          const busy = await findLiveBetween(tx, { ownerId, from: startsAt, to: endsAt });
          if (busy.length > 0) return 'SLOT_TAKEN' as const;
          const patientId = await recordFor(tx, actor, { ownerId, person, at });
          const appointmentId = await insertBookedAppointment(tx, {
            ownerId,
            bookedBy: actor.actorId,
            requestExpiresAt: expiresAt,
            values: {
              patientId,
              startsAt,
              endsAt,
              kind: input.kind,
              reason: input.reason,
              note: '',
              status,
            },
          });
          await insertActorAuditEvents(tx, actor, [
            {
              patientId,
              subject: { kind: 'appointment', id: appointmentId },
              action: 'book',
              outcome: 'success',
            },
          ]);
          return { appointmentId };
        });
      } catch (error) {
        if (isOverlapRefused(error)) outcome = 'SLOT_TAKEN';
        else throw error;
      }
      if (typeof outcome === 'string') return refuse(outcome);

      const appointment = {
        id: outcome.appointmentId,
        startsAt,
        endsAt,
        kind: input.kind,
        status,
        requestExpiresAt: expiresAt,
      } as const;
      await confirm(user, doctor, appointment, log);
      return {
        _id: appointment.id,
        start: startsAt.toISOString(),
        end: endsAt.toISOString(),
        status,
        kind: input.kind,
        practitionerName: doctor.name,
        requestExpiresAt: expiresAt?.toISOString() ?? null,
      };
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
