import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { createClinicalRefusals } from '../patient-owned/refusals.ts';
import { API_KINDS } from './registry.ts';

/**
 * The routes of every registered kind that has no rules of its own (`routes` in its
 * declaration), in their own encapsulated context, sharing one trail of refusals.
 */
export async function kindsPlugin(app: FastifyInstance, { db }: { db: Db }) {
  const refusals = createClinicalRefusals(db);
  for (const kind of API_KINDS) kind.routes?.(app, { db, refusals });
}
