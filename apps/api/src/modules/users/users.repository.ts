import { eq, sql } from 'drizzle-orm';
import type { TPracticeData } from '@portal/shared/practice';
import type { TProfileData, TScheduleData } from '@portal/shared/profile';
import type { Db, DbOrTx } from '../../db/client.ts';
import { findRow } from '../../db/rows.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import type { VerifiedIdentity } from '../../providers/identity/identity.ts';

/**
 * Creates the user on first sign-in; later sign-ins return the stored row unchanged, except that
 * the browser's time zone is kept when the user has none yet (an account whose first sign-in sent none).
 */
export async function upsertUserFromIdentity(
  db: Db,
  identity: VerifiedIdentity,
  { timeZone }: { timeZone?: string } = {},
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      uid: identity.uid,
      email: identity.email,
      name: identity.name,
      picture: identity.picture,
      timeZone,
    })
    .onConflictDoUpdate({
      target: users.uid,
      set: {
        uid: sql`excluded.uid`,
        timeZone: sql`coalesce(${users.timeZone}, excluded.time_zone)`,
      },
    })
    .returning();
  return row!;
}

export async function findUserByUid(db: Db, uid: string): Promise<UserRow | undefined> {
  return findRow(db, users, eq(users.uid, uid));
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  return findRow(db, users, eq(users.id, id));
}

/** Who to write to: a user's address and name (a notice names the other side). */
export async function findUserContact(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * The columns a user changes about themselves: their profile and schedule. Never who they are,
 * their membership, or the calendar feed's secret (the calendar repository's `setFeedHash`).
 */
type OwnColumns = Omit<
  typeof users.$inferInsert,
  'id' | 'uid' | 'email' | 'isPremium' | 'calendarFeedHash' | 'createdAt' | 'updatedAt'
>;

/** Changes the user's row: the given columns, and `updatedAt` to now. */
async function updateUser(
  db: Db,
  id: string,
  values: Partial<OwnColumns>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Replaces the editable profile fields; the e-mail and premium flag are not touched here. */
export async function updateUserProfile(
  db: Db,
  { id, profile }: { id: string; profile: Omit<TProfileData, 'email'> },
): Promise<UserRow | undefined> {
  return updateUser(db, id, {
    name: profile.name,
    age: profile.age,
    gender: profile.gender,
    address: profile.address,
    phone: profile.phone,
    picture: profile.picture,
  });
}

/** Replaces the Practice section; every field is given (null when not). */
export async function updateUserPractice(
  db: Db,
  { id, practice }: { id: string; practice: TPracticeData },
): Promise<UserRow | undefined> {
  return updateUser(db, id, {
    practiceName: practice.name,
    practiceStreet: practice.street,
    practicePostalCode: practice.postalCode,
    practiceCity: practice.city,
    practiceCountry: practice.country,
    practicePhone: practice.phone,
    registrationNumber: practice.registrationNumber,
    cancellationNoticeHours: practice.cancellationNoticeHours,
  });
}

/** Changes the schedule settings that were sent; absent ones are left as they are. */
export async function updateUserSchedule(
  db: Db,
  { id, schedule }: { id: string; schedule: TScheduleData },
): Promise<UserRow | undefined> {
  return updateUser(db, id, schedule);
}
