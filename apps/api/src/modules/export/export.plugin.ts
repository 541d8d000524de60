import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { exportRoutes } from './export.routes.ts';
import { createExportService } from './export.service.ts';

/** The practitioner's export of every kind in its own encapsulated context. */
export async function exportPlugin(app: FastifyInstance, { db }: { db: Db }) {
  exportRoutes(app, { exporter: createExportService({ db }) });
}
