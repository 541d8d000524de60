import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { TFacilityData } from '@portal/shared/directory';
import type { DbOrTx } from '../../db/client.ts';
import { facilities, facilityStaff, type FacilityRow } from '../../db/schema/directory.ts';

/** The stored columns of a facility's fields as the form sends them. */
export const facilityValues = (data: TFacilityData) => ({
  kind: data.kind,
  name: data.name,
  address: data.address,
  city: data.city,
  country: data.country,
  phone: data.phone,
  lat: data.coordinates?.lat ?? null,
  lng: data.coordinates?.lng ?? null,
});

/** Whether the new values change anything the public sees (every field of a facility does). */
export const changesPublicFields = (row: FacilityRow, data: TFacilityData) =>
  Object.entries(facilityValues(data)).some(
    ([key, value]) => row[key as keyof ReturnType<typeof facilityValues>] !== value,
  );

export async function insertFacility(
  db: DbOrTx,
  { ownerId, data }: { ownerId: string; data: TFacilityData },
) {
  const [row] = await db
    .insert(facilities)
    .values({ ownerId, ...facilityValues(data) })
    .returning();
  return row!;
}

/** The owner's facility, or undefined (missing or someone else's). */
export async function findOwnedFacility(
  db: DbOrTx,
  { ownerId, id }: { ownerId: string; id: string },
) {
  const [row] = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.id, id), eq(facilities.ownerId, ownerId)));
  return row;
}

/** The facilities the user owns and those they are accepted staff of, newest first. */
export async function findFacilitiesOf(db: DbOrTx, userId: string) {
  const staffOf = db
    .select({ facilityId: facilityStaff.facilityId })
    .from(facilityStaff)
    .where(and(eq(facilityStaff.userId, userId), isNotNull(facilityStaff.acceptedAt)));
  return db
    .select({ facility: facilities, isOwner: sql<boolean>`${facilities.ownerId} = ${userId}` })
    .from(facilities)
    .where(sql`${facilities.ownerId} = ${userId} or ${facilities.id} in (${staffOf})`)
    .orderBy(desc(facilities.createdAt), desc(facilities.id));
}

/** Saves the owner's facility; a change of a public field makes it pending review again. */
export async function updateFacility(
  db: DbOrTx,
  { row, data, at }: { row: FacilityRow; data: TFacilityData; at: Date },
) {
  const isChanged = changesPublicFields(row, data);
  const [updated] = await db
    .update(facilities)
    .set({
      ...facilityValues(data),
      ...(isChanged && {
        reviewStatus: 'pending' as const,
        rejectionReason: null,
        reviewedAt: null,
        reviewedBy: null,
      }),
      updatedAt: at,
    })
    .where(eq(facilities.id, row.id))
    .returning();
  return updated!;
}

export async function deleteOwnedFacility(
  db: DbOrTx,
  { ownerId, id }: { ownerId: string; id: string },
) {
  const rows = await db
    .delete(facilities)
    .where(and(eq(facilities.id, id), eq(facilities.ownerId, ownerId)))
    .returning({ id: facilities.id });
  return rows.length > 0;
}

/** Whether the user may name the facility in their listing: its owner or accepted staff. */
export async function isMemberOf(
  db: DbOrTx,
  { userId, facilityId }: { userId: string; facilityId: string },
) {
  const [row] = await db
    .select({ id: facilities.id })
    .from(facilities)
    .where(
      and(
        eq(facilities.id, facilityId),
        sql`(${facilities.ownerId} = ${userId} or exists (select 1 from ${facilityStaff} where ${facilityStaff.facilityId} = ${facilities.id} and ${facilityStaff.userId} = ${userId}))`,
      ),
    );
  return row !== undefined;
}
