import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { correctionRoutes } from './corrections.routes.ts';
import { createCorrectionService } from './corrections.service.ts';

/**
 * The practitioner's side of correction requests, in its own encapsulated context. The linked
 * person's side is registered by my-health, behind its link gate, with a service of this module.
 */
export async function correctionsPlugin(
  app: FastifyInstance,
  {
    db,
    now,
    mailer,
    config,
  }: { db: Db; now?: Clock; mailer: Mailer | null; config: Pick<Config, 'PUBLIC_URL'> },
) {
  correctionRoutes(app, {
    corrections: createCorrectionService({ db, now, mailer, publicUrl: config.PUBLIC_URL }),
  });
}
