import type { FastifyInstance } from 'fastify';
import type { DbAndClock } from '../../db/client.ts';
import type { MailingDeps } from '../../providers/mail/mailer.ts';
import { correctionRoutes } from './corrections.routes.ts';
import { createCorrectionService } from './corrections.service.ts';

/**
 * The practitioner's side of correction requests, in its own encapsulated context. The linked
 * person's side is registered by my-health, behind its link gate, with a service of this module.
 */
export async function correctionsPlugin(
  app: FastifyInstance,
  { db, now, mailer, config }: DbAndClock & MailingDeps,
) {
  correctionRoutes(app, {
    corrections: createCorrectionService({ db, now, mailer, publicUrl: config.PUBLIC_URL }),
  });
}
