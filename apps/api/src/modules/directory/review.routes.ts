import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REVIEW_KINDS,
  ZRejectInput,
  ZReviewDecision,
  ZReviewQueue,
} from '@portal/shared/directory-review';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseIfMatch } from '../../lib/etag.ts';
import { isDirectoryReviewer } from '../../lib/directory-reviewers.ts';
import { actorOf, ZItemId } from '../audit/owned-records.http.ts';
import type { ReviewService } from './review.service.ts';

const FOR_REVIEWERS =
  'For directory reviewers only (`DIRECTORY_REVIEWERS`, matched on the signed-in account’s verified e-mail): anyone else gets 404 `ROUTE_NOT_FOUND`, as for a route that does not exist, before the request is read further.';

const ZDecisionParams = z.object({
  kind: z.enum(REVIEW_KINDS, { error: 'kind must be listings or facilities' }),
  id: ZItemId('listing or facility'),
});

/** The directory's review queue and decisions. */
export function reviewRoutes(
  app: FastifyInstance,
  { review, reviewers }: { review: ReviewService; reviewers: readonly string[] },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['directory review'];
  // On `onRequest`, before validation: a non-reviewer's malformed request is a 404 as well.
  const onlyReviewers = async (request: FastifyRequest) => {
    if (!isDirectoryReviewer(request.identity, reviewers)) throw new AppError('ROUTE_NOT_FOUND');
  };
  const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError, 409: ZApiError };
  const VERSIONED =
    'With `If-Match` (the quoted `updatedAt` of the queue item the reviewer read), only that version: an item its owner changed since is 409 `REVIEW_ITEM_CHANGED` with its current `ETag`, and nothing is decided.';

  typed.get(
    '/api/directory/review',
    {
      schema: {
        tags,
        summary: 'Listings and facilities waiting for review',
        description: `${FOR_REVIEWERS} Oldest change first, at most 200 of each: a listing as its public card with the account’s e-mail and the registration number of its Practice section; a facility with its owner. Audited (\`list\`).`,
        response: { 200: ZReviewQueue, 401: ZApiError, 404: ZApiError },
      },
      onRequest: onlyReviewers,
    },
    async (request) => review.listPending({ actor: await actorOf(request) }),
  );

  typed.post(
    '/api/directory/review/:kind/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a listing or a facility: it becomes public',
        description: `${FOR_REVIEWERS} Whatever its state (a rejected item can be approved). An unknown id: 404 \`REVIEW_ITEM_NOT_FOUND\`. ${VERSIONED} Audited (\`approve\`).`,
        params: ZDecisionParams,
        response: { 200: ZReviewDecision, ...errors },
      },
      onRequest: onlyReviewers,
    },
    async (request) =>
      review.decide({
        actor: await actorOf(request),
        ...request.params,
        versions: parseIfMatch(request.headers['if-match']),
        reason: null,
      }),
  );

  typed.post(
    '/api/directory/review/:kind/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a listing or a facility, with a reason its owner sees',
        description: `${FOR_REVIEWERS} Whatever its state (an approved item leaves the public directory). An unknown id: 404 \`REVIEW_ITEM_NOT_FOUND\`. ${VERSIONED} Audited (\`reject\`).`,
        params: ZDecisionParams,
        body: ZRejectInput,
        response: { 200: ZReviewDecision, ...errors },
      },
      onRequest: onlyReviewers,
    },
    async (request) =>
      review.decide({
        actor: await actorOf(request),
        ...request.params,
        versions: parseIfMatch(request.headers['if-match']),
        reason: request.body.reason,
      }),
  );
}
