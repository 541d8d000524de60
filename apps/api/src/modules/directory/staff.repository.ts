import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { directoryListings, facilities, facilityStaff } from '../../db/schema/directory.ts';
import { users } from '../../db/schema/users.ts';

export async function insertStaffInvitation(
  db: DbOrTx,
  values: { facilityId: string; email: string; codeHash: string; expiresAt: Date },
) {
  const [row] = await db.insert(facilityStaff).values(values).returning();
  return row!;
}

/** A facility's staff, invited and accepted, oldest first, with accepted members' names. */
export function findStaff(db: DbOrTx, facilityId: string) {
  return db
    .select({ staff: facilityStaff, name: users.name })
    .from(facilityStaff)
    .leftJoin(users, eq(users.id, facilityStaff.userId))
    .where(eq(facilityStaff.facilityId, facilityId))
    .orderBy(asc(facilityStaff.createdAt), asc(facilityStaff.id));
}

/**
 * Removes a member or an invitation of the facility; answers the account that had accepted it
 * (null for an invitation), or undefined when there was none.
 */
export async function deleteStaff(
  db: DbOrTx,
  { facilityId, id }: { facilityId: string; id: string },
) {
  const [row] = await db
    .delete(facilityStaff)
    .where(and(eq(facilityStaff.id, id), eq(facilityStaff.facilityId, facilityId)))
    .returning({ userId: facilityStaff.userId });
  return row;
}

/** A former member's listing no longer names the facility: it would claim they still work there. */
export async function detachListings(
  db: DbOrTx,
  { userId, facilityId, at }: { userId: string; facilityId: string; at: Date },
) {
  await db
    .update(directoryListings)
    .set({ facilityId: null, updatedAt: at })
    .where(and(eq(directoryListings.userId, userId), eq(directoryListings.facilityId, facilityId)));
}

/**
 * The invitation of this code hash (accepted or not) and its facility, locked until the
 * transaction ends, so one code is accepted once.
 */
export async function findInvitationByHash(db: DbOrTx, codeHash: string) {
  const [row] = await db
    .select({ staff: facilityStaff, facility: facilities })
    .from(facilityStaff)
    .innerJoin(facilities, eq(facilities.id, facilityStaff.facilityId))
    .where(eq(facilityStaff.codeHash, codeHash))
    .for('update', { of: facilityStaff });
  return row;
}

/** Whether the user is already the facility's owner or accepted staff. */
export async function isAlreadyMember(
  db: DbOrTx,
  { userId, facilityId, ownerId }: { userId: string; facilityId: string; ownerId: string },
) {
  if (userId === ownerId) return true;
  const [row] = await db
    .select({ id: facilityStaff.id })
    .from(facilityStaff)
    .where(and(eq(facilityStaff.facilityId, facilityId), eq(facilityStaff.userId, userId)));
  return row !== undefined;
}

/** Accepts the invitation: the account becomes a member, and the code reads as used. */
export async function acceptStaff(
  db: DbOrTx,
  { id, userId, at }: { id: string; userId: string; at: Date },
) {
  const [row] = await db
    .update(facilityStaff)
    .set({ userId, acceptedAt: at })
    .where(eq(facilityStaff.id, id))
    .returning();
  return row!;
}
