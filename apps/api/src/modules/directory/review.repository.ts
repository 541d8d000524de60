import { and, asc, eq } from 'drizzle-orm';
import type { TReviewKind } from '@portal/shared/directory-review';
import type { DbOrTx } from '../../db/client.ts';
import { directoryListings, facilities } from '../../db/schema/directory.ts';
import { users } from '../../db/schema/users.ts';
import { isOneOfVersions } from '../../lib/etag.ts';
import { doctorColumns } from './directory.repository.ts';

/** The most a queue answers at once: the oldest first, so nothing waits for ever. */
const QUEUE_MAX = 200;

/** Listed listings waiting for review, oldest change first, with what they are checked by. */
export function findPendingListings(db: DbOrTx) {
  return db
    .select({
      ...doctorColumns,
      id: directoryListings.id,
      email: users.email,
      registrationNumber: users.registrationNumber,
      practiceName: users.practiceName,
      updatedAt: directoryListings.updatedAt,
    })
    .from(directoryListings)
    .innerJoin(users, eq(users.id, directoryListings.userId))
    .leftJoin(
      facilities,
      and(eq(facilities.id, directoryListings.facilityId), eq(facilities.reviewStatus, 'approved')),
    )
    .where(and(eq(directoryListings.listed, true), eq(directoryListings.reviewStatus, 'pending')))
    .orderBy(asc(directoryListings.updatedAt), asc(directoryListings.id))
    .limit(QUEUE_MAX);
}

/** Facilities waiting for review, oldest change first, with their owner. */
export function findPendingFacilities(db: DbOrTx) {
  return db
    .select({ facility: facilities, ownerName: users.name, ownerEmail: users.email })
    .from(facilities)
    .innerJoin(users, eq(users.id, facilities.ownerId))
    .where(eq(facilities.reviewStatus, 'pending'))
    .orderBy(asc(facilities.updatedAt), asc(facilities.id))
    .limit(QUEUE_MAX);
}

/**
 * Records a decision on the version the reviewer saw (`versions` from If-Match; null: any):
 * answers the item's new state, or undefined when no item of that id is at one of them.
 */
export async function decide(
  db: DbOrTx,
  {
    kind,
    id,
    versions,
    reviewerId,
    reason,
    at,
  }: {
    kind: TReviewKind;
    id: string;
    versions: Date[] | null;
    reviewerId: string;
    reason: string | null;
    at: Date;
  },
) {
  const table = kind === 'listings' ? directoryListings : facilities;
  const [row] = await db
    .update(table)
    .set({
      reviewStatus: reason === null ? 'approved' : 'rejected',
      rejectionReason: reason,
      reviewedAt: at,
      reviewedBy: reviewerId,
    })
    .where(and(eq(table.id, id), isOneOfVersions(table.updatedAt, versions)))
    .returning({
      id: table.id,
      reviewStatus: table.reviewStatus,
      rejectionReason: table.rejectionReason,
    });
  return row;
}

/** The item's current version, or undefined when there is no such item. */
export async function findVersion(db: DbOrTx, { kind, id }: { kind: TReviewKind; id: string }) {
  const table = kind === 'listings' ? directoryListings : facilities;
  const [row] = await db.select({ updatedAt: table.updatedAt }).from(table).where(eq(table.id, id));
  return row?.updatedAt;
}
