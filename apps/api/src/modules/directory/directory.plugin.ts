import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DbAndClock } from '../../db/client.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import type { MailingDeps } from '../../providers/mail/mailer.ts';
import { bookingRoutes } from './booking.routes.ts';
import { createBookingService } from './booking.service.ts';
import { directoryRoutes } from './directory.routes.ts';
import { createDirectoryService } from './directory.service.ts';
import { facilitiesRoutes } from './facilities.routes.ts';
import { createFacilityService } from './facilities.service.ts';
import { listingRoutes } from './listing.routes.ts';
import { createListingService } from './listing.service.ts';
import { reviewRoutes } from './review.routes.ts';
import { createReviewService } from './review.service.ts';
import { createStaffService } from './staff.service.ts';

/**
 * The directory in its own encapsulated context: facilities and their staff, practitioners'
 * listings, their review, the public directory read without signing in, and online booking from
 * it. An empty JSON body counts as none (approving sends no body).
 */
export async function directoryPlugin(
  app: FastifyInstance,
  {
    db,
    now,
    mailer,
    config,
  }: DbAndClock & MailingDeps & { config: Pick<Config, 'PUBLIC_URL' | 'DIRECTORY_REVIEWERS'> },
) {
  allowEmptyJsonBody(app);
  const facilities = createFacilityService({ db, now });
  facilitiesRoutes(app, {
    facilities,
    staff: createStaffService({ db, now, mailer, publicUrl: config.PUBLIC_URL, facilities }),
  });
  listingRoutes(app, { listing: createListingService({ db, now }) });
  reviewRoutes(app, {
    review: createReviewService({ db, now }),
    reviewers: config.DIRECTORY_REVIEWERS,
  });
  directoryRoutes(app, { directory: createDirectoryService({ db, now }) });
  bookingRoutes(app, {
    booking: createBookingService({ db, now, mailer, publicUrl: config.PUBLIC_URL }),
  });
}
