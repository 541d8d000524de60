import { DIRECTORY_MESSAGES, type TListing, type TListingData } from '@portal/shared/directory';
import type { DbAndClock } from '../../db/client.ts';
import type { DirectoryListingRow } from '../../db/schema/directory.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import type { Actor } from '../audit/owned-records.ts';
import { auditDirectory } from './directory.audit.ts';
import { isMemberOf } from './facilities.repository.ts';
import { changesReviewedFields, findListingOf, saveListing } from './listing.repository.ts';

/** A practitioner who never saved a listing: not listed, nothing to review yet. */
const NO_LISTING: TListing = {
  listed: false,
  facilityId: null,
  specialties: [],
  languages: [],
  bio: '',
  visitKinds: [],
  onlineBooking: 'off',
  reviewStatus: 'pending',
  rejectionReason: null,
  publicId: null,
};

const toListing = (row: DirectoryListingRow): TListing => ({
  listed: row.listed,
  facilityId: row.facilityId,
  specialties: row.specialties,
  languages: row.languages,
  bio: row.bio,
  visitKinds: row.visitKinds,
  onlineBooking: row.onlineBooking,
  reviewStatus: row.reviewStatus,
  rejectionReason: row.reviewStatus === 'rejected' ? row.rejectionReason : null,
  publicId: row.publicId,
});

/** The signed-in practitioner's own listing in the directory. */
export function createListingService({ db, now = systemClock }: DbAndClock) {
  return {
    async getListing({ actor }: { actor: Actor }): Promise<TListing> {
      const row = await findListingOf(db, actor.actorId);
      await auditDirectory(db, actor, {
        kind: 'listing',
        id: row?.id ?? null,
        action: 'read',
        outcome: 'success',
      });
      return row ? toListing(row) : NO_LISTING;
    },

    /**
     * Saves the listing whole. Its facility must be one the practitioner owns or is accepted
     * staff of; a change of what a reviewer vouched for makes it pending review again.
     */
    async saveListing({ actor, data }: { actor: Actor; data: TListingData }): Promise<TListing> {
      if (
        data.facilityId &&
        !(await isMemberOf(db, { userId: actor.actorId, facilityId: data.facilityId }))
      ) {
        await auditDirectory(db, actor, {
          kind: 'listing',
          id: null,
          action: 'update',
          outcome: 'invalid',
        });
        throw new AppError('VALIDATION_FAILED', {
          message: DIRECTORY_MESSAGES.facilityInvalid,
          fieldErrors: { facilityId: DIRECTORY_MESSAGES.facilityInvalid },
        });
      }
      const row = await db.transaction(async (tx) => {
        const before = await findListingOf(tx, actor.actorId);
        const saved = await saveListing(tx, {
          userId: actor.actorId,
          data,
          isReviewedAgain: changesReviewedFields(before, data),
          at: now(),
        });
        await auditDirectory(tx, actor, {
          kind: 'listing',
          id: saved.id,
          action: before ? 'update' : 'create',
          outcome: 'success',
        });
        return saved;
      });
      return toListing(row);
    },
  };
}

export type ListingService = ReturnType<typeof createListingService>;
