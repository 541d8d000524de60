import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { vitalsRoutes } from './vitals.routes.ts';
import { createVitalsService } from './vitals.service.ts';

/** A patient's vital-signs series in its own encapsulated context. */
export async function vitalsPlugin(app: FastifyInstance, { db }: { db: Db }) {
  vitalsRoutes(app, { vitals: createVitalsService({ db }) });
}
