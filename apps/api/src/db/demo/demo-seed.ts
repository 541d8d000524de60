import crypto from 'node:crypto';
import { count, like } from 'drizzle-orm';
import { ZPatientInput } from '@portal/shared/patient';
import { toStoredValues } from '../../modules/patients/patients.fields.ts';
import type { Db } from '../client.ts';
import { appointments } from '../schema/appointments.ts';
import { directoryListings, facilities, facilityStaff } from '../schema/directory.ts';
import { patients } from '../schema/patients.ts';
import { users } from '../schema/users.ts';
import { DEMO_UID_PREFIX, demoDirectory } from './demo-directory.ts';

export interface DemoCounts {
  practitioners: number;
  facilities: number;
  patients: number;
  appointments: number;
}

const isDemoUser = like(users.uid, `${DEMO_UID_PREFIX}%`);

/** How many demo practitioners the database holds (0: not seeded). */
export async function countDemoPractitioners(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(isDemoUser);
  return row?.total ?? 0;
}

/**
 * Adds the demo directory in one transaction: every row or none. Approved as a reviewer would
 * approve them (no reviewer recorded), so they are public at once.
 */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<DemoCounts> {
  const { practitioners, facilities: demoFacilities } = demoDirectory(
    now.toISOString().slice(0, 10),
  );
  const approved = { reviewStatus: 'approved' as const, reviewedAt: now };
  return db.transaction(async (tx) => {
    const userIds = (
      await tx
        .insert(users)
        .values(
          practitioners.map((practitioner) => ({
            uid: practitioner.uid,
            email: practitioner.email,
            name: practitioner.name,
            timeZone: practitioner.timeZone,
            workingHours: practitioner.workingHours,
            practiceName: practitioner.practiceName,
            practiceCity: practitioner.practiceCity,
            practiceCountry: practitioner.practiceCountry,
            practicePhone: practitioner.practicePhone,
            registrationNumber: practitioner.registrationNumber,
          })),
        )
        .returning({ id: users.id })
    ).map(({ id }) => id);

    const facilityIds = (
      await tx
        .insert(facilities)
        .values(
          demoFacilities.map(({ owner, ...facility }) => ({
            ...facility,
            ownerId: userIds[owner]!,
            ...approved,
          })),
        )
        .returning({ id: facilities.id })
    ).map(({ id }) => id);

    const staff = practitioners.flatMap((practitioner, index) =>
      practitioner.ownsFacility
        ? []
        : [
            {
              facilityId: facilityIds[practitioner.facility]!,
              email: practitioner.email,
              // An accepted invitation: its code was never sent, so only a random hash is kept.
              codeHash: crypto.randomBytes(32).toString('hex'),
              expiresAt: now,
              userId: userIds[index]!,
              acceptedAt: now,
            },
          ],
    );
    if (staff.length) await tx.insert(facilityStaff).values(staff);

    await tx.insert(directoryListings).values(
      practitioners.map((practitioner, index) => ({
        userId: userIds[index]!,
        listed: true,
        facilityId: facilityIds[practitioner.facility]!,
        ...practitioner.listing,
        ...approved,
      })),
    );

    const patientRows = practitioners.flatMap((practitioner, index) =>
      practitioner.patients.map((input) => ({
        ownerId: userIds[index]!,
        ...toStoredValues(ZPatientInput.parse(input), now),
      })),
    );
    const patientIds = (
      await tx.insert(patients).values(patientRows).returning({ id: patients.id })
    ).map(({ id }) => id);

    const appointmentRows = practitioners.flatMap((practitioner, index) =>
      practitioner.appointments.map(({ start, end, patient, kind }) => ({
        ownerId: userIds[index]!,
        patientId: patientIds[index * practitioner.patients.length + patient]!,
        startsAt: start,
        endsAt: end,
        kind,
        status: 'booked',
      })),
    );
    if (appointmentRows.length) await tx.insert(appointments).values(appointmentRows);

    return {
      practitioners: userIds.length,
      facilities: facilityIds.length,
      patients: patientIds.length,
      appointments: appointmentRows.length,
    };
  });
}

/**
 * Removes what `seedDemo` added: the demo accounts, and with them (by the foreign keys) their
 * facilities, staff places, listings, patients and appointments. Answers how many accounts went.
 */
export async function removeDemo(db: Db): Promise<number> {
  const removed = await db.delete(users).where(isDemoUser).returning({ id: users.id });
  return removed.length;
}
