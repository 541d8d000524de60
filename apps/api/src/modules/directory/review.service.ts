import type { TReviewDecision, TReviewKind, TReviewQueue } from '@portal/shared/directory-review';
import type { DbAndClock } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { storedId } from '../../lib/uuid.ts';
import type { Actor } from '../audit/owned-records.ts';
import { toDirectoryDoctor } from './directory.answers.ts';
import { auditDirectory } from './directory.audit.ts';
import { toFacilitySummary } from './facilities.answers.ts';
import { etagOf } from '../../lib/etag.ts';
import {
  decide,
  findPendingFacilities,
  findPendingListings,
  findVersion,
} from './review.repository.ts';

const auditKind = { listings: 'listing', facilities: 'facility' } as const;

/**
 * The directory's review: reviewers (DIRECTORY_REVIEWERS) see what waits and approve or reject
 * it. Whether the caller is a reviewer is decided by the routes, before anything here runs.
 */
export function createReviewService({ db, now = systemClock }: DbAndClock) {
  return {
    async listPending({ actor }: { actor: Actor }): Promise<TReviewQueue> {
      const [listings, pendingFacilities] = await Promise.all([
        findPendingListings(db),
        findPendingFacilities(db),
      ]);
      await auditDirectory(db, actor, {
        kind: 'listing',
        id: null,
        action: 'list',
        outcome: 'success',
      });
      return {
        items: [
          ...listings.map((row) => ({
            kind: 'listings' as const,
            _id: row.id,
            doctor: toDirectoryDoctor(row),
            account: {
              email: row.email,
              registrationNumber: row.registrationNumber,
              practiceName: row.practiceName,
            },
            updatedAt: row.updatedAt.toISOString(),
          })),
          ...pendingFacilities.map(({ facility, ownerName, ownerEmail }) => ({
            kind: 'facilities' as const,
            _id: facility.id,
            facility: toFacilitySummary(facility),
            owner: { name: ownerName, email: ownerEmail },
            updatedAt: facility.updatedAt.toISOString(),
          })),
        ],
      };
    },

    /**
     * Approves (`reason` null) or rejects an item, whatever its state: a reviewer may revise.
     * With `versions` (If-Match), only the version the reviewer saw: an item its owner changed
     * since is refused with its current ETag, so nobody vouches for text they never read.
     */
    async decide({
      actor,
      kind,
      id,
      versions,
      reason,
    }: {
      actor: Actor;
      kind: TReviewKind;
      id: string;
      versions: Date[] | null;
      reason: string | null;
    }): Promise<TReviewDecision> {
      const itemId = storedId(id);
      const action = reason === null ? 'approve' : 'reject';
      const { decided, current } = await db.transaction(async (tx) => {
        const row = itemId
          ? await decide(tx, {
              kind,
              id: itemId,
              versions,
              reviewerId: actor.actorId,
              reason,
              at: now(),
            })
          : undefined;
        const version = !row && itemId ? await findVersion(tx, { kind, id: itemId }) : undefined;
        await auditDirectory(tx, actor, {
          kind: auditKind[kind],
          id: itemId,
          action,
          outcome: row ? 'success' : version ? 'conflict' : 'denied',
        });
        return { decided: row, current: version };
      });
      if (current)
        throw new AppError('REVIEW_ITEM_CHANGED', {
          headers: { etag: etagOf({ updatedAt: current.toISOString() }) },
        });
      if (!decided) throw new AppError('REVIEW_ITEM_NOT_FOUND');
      return {
        kind,
        _id: decided.id,
        reviewStatus: decided.reviewStatus,
        rejectionReason: decided.rejectionReason,
      };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
