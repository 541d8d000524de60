import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SEARCH_LIMITS, ZSearchQuery, ZSearchResults } from '@portal/shared/search';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { actorOf } from '../audit/owned-records.http.ts';
import { MEMBERS_ONLY } from '../../http/require-premium.ts';
import type { SearchService } from './search.service.ts';

/** The members' advanced search, HTTP only. */
export function searchRoutes(app: FastifyInstance, { search }: { search: SearchService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/premier/search',
    {
      // Premium members only: the one gate (require-premium.ts) answers 402 PREMIUM_REQUIRED.
      config: MEMBERS_ONLY,
      schema: {
        tags: ['premier'],
        summary: 'Search my patients, visit notes and prescriptions (Premier)',
        description: `One box across the signed-in practitioner's own records: patients (name, diagnosis, phone, e-mail), visits (reason and the SOAP notes) and prescriptions (medication, strength, instructions, stop reason), never anyone else's and never a patient in the trash. \`q\` is found anywhere in a field, any case (${SEARCH_LIMITS.queryMin}–${SEARCH_LIMITS.queryMax} characters; fewer cannot use the trigram indexes). Answers one group per kind, newest first, at most \`limit\` each, \`hasMore\` when there are more. Each hit names its patient and item and carries a snippet as plain-text segments with the matches marked (\`isMatch\`): the screen marks them up itself, no HTML ever comes from here. Audited as one \`search\` event with the number of results, never the query. Never cached (\`Cache-Control: no-store\`).`,
        querystring: ZSearchQuery,
        response: { 200: ZSearchResults, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) =>
      search.search({
        actor: await actorOf(request),
        query: request.query.q,
        kind: request.query.kind,
        limit: request.query.limit,
      }),
  );
}
