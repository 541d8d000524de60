import { z } from 'zod';
import {
  DIRECTORY_LIMITS,
  DIRECTORY_MESSAGES as M,
  requiredText,
  ZFacilitySummary,
  ZReviewStatus,
} from './directory.ts';
import { ZDirectoryDoctor } from './directory-public.ts';
import { NO_CONTROL_CHARACTERS } from './text-fields.ts';

/**
 * The reviewers' queue: pending listings and facilities with what a reviewer checks them by
 * (the account's e-mail, the registration number of the Practice section), and their decision.
 */

export const REVIEW_KINDS = ['listings', 'facilities'] as const;
export type TReviewKind = (typeof REVIEW_KINDS)[number];

/** One pending item as a reviewer sees it: what will be public, and who asks. */
export const ZReviewItem = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('listings'),
    _id: z.uuid(),
    doctor: ZDirectoryDoctor,
    account: z.object({
      email: z.string(),
      registrationNumber: z.string().nullable().describe('From the Practice section'),
      practiceName: z.string().nullable(),
    }),
    updatedAt: z.string(),
  }),
  z.object({
    kind: z.literal('facilities'),
    _id: z.uuid(),
    facility: ZFacilitySummary,
    owner: z.object({ name: z.string(), email: z.string() }),
    updatedAt: z.string(),
  }),
]);
export type TReviewItem = z.infer<typeof ZReviewItem>;

export const ZReviewQueue = z.object({ items: z.array(ZReviewItem) });
export type TReviewQueue = z.infer<typeof ZReviewQueue>;

/** `POST /api/directory/review/{kind}/{id}/reject`. */
export const ZRejectInput = z.strictObject({
  reason: requiredText(
    DIRECTORY_LIMITS.reasonMax,
    NO_CONTROL_CHARACTERS,
    M.reasonRequired,
    M.reasonRequired,
  ).describe('Shown to the practitioner or facility owner'),
});
export type TRejectInput = z.input<typeof ZRejectInput>;

export const ZReviewDecision = z.object({
  kind: z.enum(REVIEW_KINDS),
  _id: z.uuid(),
  reviewStatus: ZReviewStatus,
  rejectionReason: z.string().nullable(),
});
export type TReviewDecision = z.infer<typeof ZReviewDecision>;
