import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DbAndClock } from '../../db/client.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { createCalendarService } from './calendar.service.ts';

/**
 * The private calendar feed in its own encapsulated context; its addresses are built on the
 * portal's public URL. An empty JSON body counts as none.
 */
export async function calendarPlugin(
  app: FastifyInstance,
  { db, now, config }: DbAndClock & { config: Pick<Config, 'PUBLIC_URL'> },
) {
  allowEmptyJsonBody(app);
  calendarRoutes(app, {
    calendar: createCalendarService({ db, publicUrl: config.PUBLIC_URL, now }),
  });
}
