import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { directoryListings } from '../../db/schema/directory.ts';
import { users } from '../../db/schema/users.ts';
import { isPublicListing } from './directory.repository.ts';

/**
 * What an online booking reads besides the appointments' and the links' own repositories: the
 * listed practitioner it books with (by the listing's public id, only while public), the
 * practice the confirmation names, and the booker's open requests.
 */

/** A public listing's practitioner, with what a booking checks and the confirmation names. */
export async function findBookableDoctor(db: DbOrTx, publicId: string) {
  const [row] = await db
    .select({
      listingId: directoryListings.id,
      userId: directoryListings.userId,
      name: directoryListings.name,
      onlineBooking: directoryListings.onlineBooking,
      visitKinds: directoryListings.visitKinds,
      timeZone: users.timeZone,
      workingHours: users.workingHours,
      practice: {
        name: users.practiceName,
        street: users.practiceStreet,
        postalCode: users.practicePostalCode,
        city: users.practiceCity,
        country: users.practiceCountry,
        phone: users.practicePhone,
      },
    })
    .from(directoryListings)
    .innerJoin(users, eq(users.id, directoryListings.userId))
    .where(and(isPublicListing, eq(directoryListings.publicId, publicId)));
  return row;
}

export type BookableDoctor = NonNullable<Awaited<ReturnType<typeof findBookableDoctor>>>;

/**
 * Serialises one booker's bookings until the transaction ends, so two at once cannot both pass
 * the limit of open requests.
 */
export async function lockBooker(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`booking:${userId}`}, 0))`);
}

/** The booker's requests waiting for an answer, at every practice. */
export async function countOpenRequests(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(appointments)
    .where(and(eq(appointments.bookedBy, userId), eq(appointments.status, 'requested')));
  return row?.total ?? 0;
}
