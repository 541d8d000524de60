import { and, asc, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import { APPOINTMENT_LIMITS } from '@portal/shared/appointment';
import type { Db, DbOrTx } from '../../db/client.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { patientLinks } from '../../db/schema/patient-links.ts';
import { patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The SQL of what a linked person reads. Every query but the link's own is scoped by the
 * practitioner (owner) and the patient of a live link that linked-patient.ts has just found.
 */

interface Scope {
  ownerId: string;
  patientId: string;
}

/** The live link of a person to a patient: not ended, and the record not in the trash. */
export async function findLiveLink(
  db: DbOrTx,
  { userId, patientId }: { userId: string; patientId: string },
) {
  const [row] = await db
    .select({
      linkId: patientLinks.id,
      ownerId: patientLinks.ownerId,
      patientId: patientLinks.patientId,
      relationship: patientLinks.relationship,
      linkedAt: patientLinks.createdAt,
    })
    .from(patientLinks)
    .innerJoin(patients, eq(patients.id, patientLinks.patientId))
    .where(
      and(
        eq(patientLinks.userId, userId),
        eq(patientLinks.patientId, patientId),
        isNull(patientLinks.endedAt),
        isNull(patients.deletedAt),
        eq(patients.ownerId, patientLinks.ownerId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The live link the practitioner's preview shows the record through: the patient's own (`self`)
 * when there is one, else the oldest; none when nobody is linked.
 */
export async function findPreviewLink(db: DbOrTx, { ownerId, patientId }: Scope) {
  const [row] = await db
    .select({ relationship: patientLinks.relationship, linkedAt: patientLinks.createdAt })
    .from(patientLinks)
    .where(
      and(
        eq(patientLinks.ownerId, ownerId),
        eq(patientLinks.patientId, patientId),
        isNull(patientLinks.endedAt),
      ),
    )
    .orderBy(sql`${patientLinks.relationship} <> 'self'`, asc(patientLinks.createdAt))
    .limit(1);
  return row;
}

/** The patient's name and birth, and the practitioner's practice card. */
export async function findPatientCard(db: Db, { ownerId, patientId }: Scope) {
  const [row] = await db
    .select({
      patientName: patients.name,
      dateOfBirth: patients.dateOfBirth,
      age: patients.age,
      practitionerName: users.name,
      practiceName: users.practiceName,
      street: users.practiceStreet,
      postalCode: users.practicePostalCode,
      city: users.practiceCity,
      country: users.practiceCountry,
      phone: users.practicePhone,
      cancellationNoticeHours: users.cancellationNoticeHours,
      workingHours: users.workingHours,
    })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.ownerId))
    .where(and(eq(patients.id, patientId), eq(patients.ownerId, ownerId)))
    .limit(1);
  return row;
}

const appointmentColumns = {
  id: appointments.id,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  kind: appointments.kind,
  status: appointments.status,
  requestExpiresAt: appointments.requestExpiresAt,
  cancelReason: appointments.cancelReason,
  declineMessage: appointments.declineMessage,
};

const LONGEST_MS = APPOINTMENT_LIMITS.durationMax * 60_000;

/**
 * The patient's upcoming appointments (ending after `at`), soonest first, or their past ones,
 * newest first; at most `limit` of either, so a long history never crowds out what is to come.
 * `starts_at` bounds the scan of the (patient_id, starts_at) index: nothing longer than the
 * longest appointment can start earlier and still end after `at`, and nothing ended has not
 * started.
 */
export async function listAppointments(
  db: Db,
  { at, when, limit, ...scope }: Scope & { at: Date; when: 'upcoming' | 'past'; limit: number },
) {
  const isUpcoming = when === 'upcoming';
  const order = isUpcoming ? asc : desc;
  return db
    .select(appointmentColumns)
    .from(appointments)
    .where(
      and(
        eq(appointments.ownerId, scope.ownerId),
        eq(appointments.patientId, scope.patientId),
        isUpcoming
          ? and(
              gt(appointments.startsAt, new Date(at.getTime() - LONGEST_MS)),
              gt(appointments.endsAt, at),
            )
          : and(lt(appointments.startsAt, at), lte(appointments.endsAt, at)),
      ),
    )
    .orderBy(order(appointments.startsAt), order(appointments.id))
    .limit(limit);
}

export async function findAppointment(db: DbOrTx, { id, ...scope }: Scope & { id: string }) {
  const [row] = await db
    .select(appointmentColumns)
    .from(appointments)
    .where(
      and(
        eq(appointments.ownerId, scope.ownerId),
        eq(appointments.patientId, scope.patientId),
        eq(appointments.id, id),
      ),
    )
    .limit(1);
  return row;
}

export type MyAppointmentRow = NonNullable<Awaited<ReturnType<typeof findAppointment>>>;

/** The practitioner's phone and cancellation notice (null: cancelling online any time before). */
export async function findCancellationRule(db: DbOrTx, ownerId: string) {
  const [row] = await db
    .select({ phone: users.practicePhone, hours: users.cancellationNoticeHours })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1);
  return row;
}
