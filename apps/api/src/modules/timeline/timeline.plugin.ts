import type { FastifyInstance } from 'fastify';
import type { DbAndClock } from '../../db/client.ts';
import { timelineRoutes } from './timeline.routes.ts';
import { createTimelineService } from './timeline.service.ts';

/** A patient's timeline in its own encapsulated context. */
export async function timelinePlugin(app: FastifyInstance, { db, now }: DbAndClock) {
  timelineRoutes(app, { db, timeline: createTimelineService({ db, now }) });
}
