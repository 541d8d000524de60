import { eq } from 'drizzle-orm';
import type { TListingData } from '@portal/shared/directory';
import type { DbOrTx } from '../../db/client.ts';
import { directoryListings, type DirectoryListingRow } from '../../db/schema/directory.ts';

export async function findListingOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(directoryListings)
    .where(eq(directoryListings.userId, userId));
  return row;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * Whether the new listing changes what a reviewer vouched for: where the practitioner works,
 * their specialties, languages, introduction and kinds of visit. Being listed or not and how
 * online booking works are the practitioner's own switches and need no new review.
 */
export function changesReviewedFields(row: DirectoryListingRow | undefined, data: TListingData) {
  return (
    !row ||
    row.facilityId !== data.facilityId ||
    row.bio !== data.bio ||
    !sameList(row.specialties, data.specialties) ||
    !sameList(row.languages, data.languages) ||
    !sameList(row.visitKinds, data.visitKinds)
  );
}

/** Saves the user's listing whole; `isReviewedAgain` makes it pending review. */
export async function saveListing(
  db: DbOrTx,
  {
    userId,
    data,
    isReviewedAgain,
    at,
  }: { userId: string; data: TListingData; isReviewedAgain: boolean; at: Date },
) {
  const values = {
    listed: data.listed,
    facilityId: data.facilityId,
    specialties: data.specialties,
    languages: data.languages,
    bio: data.bio,
    visitKinds: data.visitKinds as DirectoryListingRow['visitKinds'],
    onlineBooking: data.onlineBooking,
    updatedAt: at,
    ...(isReviewedAgain && {
      reviewStatus: 'pending' as const,
      rejectionReason: null,
      reviewedAt: null,
      reviewedBy: null,
    }),
  };
  const [row] = await db
    .insert(directoryListings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: directoryListings.userId, set: values })
    .returning();
  return row!;
}
