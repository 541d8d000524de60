import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService } from './audit.service.ts';

/** The signed-in user's audit trail (`GET /api/records/audit`) in its own encapsulated context. */
export async function auditPlugin(app: FastifyInstance, { db }: { db: Db }) {
  auditRoutes(app, { audit: createAuditService({ db }) });
}
