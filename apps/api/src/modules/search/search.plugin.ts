import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { searchRoutes } from './search.routes.ts';
import { createSearchService } from './search.service.ts';

/** The members' search across patients, visits and prescriptions in its own encapsulated context. */
export async function searchPlugin(app: FastifyInstance, { db }: { db: Db }) {
  searchRoutes(app, { search: createSearchService({ db }) });
}
