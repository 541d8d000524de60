import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZListing, ZListingInput } from '@portal/shared/directory';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { actorOf } from '../audit/owned-records.http.ts';
import type { ListingService } from './listing.service.ts';

/** The signed-in practitioner's own listing in the public directory. */
export function listingRoutes(app: FastifyInstance, { listing }: { listing: ListingService }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['directory'];

  typed.get(
    '/api/user/listing',
    {
      schema: {
        tags,
        summary: 'My listing in the public directory, and where its review stands',
        description:
          'Before the first save: not listed, nothing chosen, `publicId` null. Audited (`read`).',
        response: { 200: ZListing, 401: ZApiError },
      },
    },
    async (request) => listing.getListing({ actor: await actorOf(request) }),
  );

  typed.put(
    '/api/user/listing',
    {
      schema: {
        tags,
        summary: 'Save my listing in the public directory (opt-in)',
        description:
          'The whole listing. `facilityId` must be a facility I own or am accepted staff of, else 400 with a field error. It is public only while `listed` and approved by a directory reviewer: a save that changes the facility, specialties, languages, introduction or kinds of visit makes it `pending` again (listing or unlisting and the online-booking choice do not). The public card also shows my profile’s name and picture, and the facility’s city or else my practice’s. 30 saves a minute. Audited.',
        body: ZListingInput,
        response: { 200: ZListing, 400: ZApiError, 401: ZApiError },
      },
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `listing:${request.identity.uid}`,
        },
      },
    },
    async (request) => listing.saveListing({ actor: await actorOf(request), data: request.body }),
  );
}
