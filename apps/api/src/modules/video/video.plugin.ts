import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DbAndClock } from '../../db/client.ts';
import type { Notifications } from '../../db/notifications.ts';
import { schedulePeriodicJob } from '../../jobs/periodic-job.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import { createCallHub } from './video.hub.ts';
import { videoRoutes } from './video.routes.ts';
import { createVideoService } from './video.service.ts';

/**
 * Video visits in their own encapsulated context: joining (room, ICE servers with TURN
 * credentials), and the signalling between the two sides, live across instances through
 * LISTEN/NOTIFY. Signals older than a minute are deleted by each new one and, for quiet
 * times, by a periodic job run by one instance a minute. The join takes no body (an empty JSON
 * one counts as none).
 */
export async function videoPlugin(
  app: FastifyInstance,
  {
    db,
    now,
    notifications,
    config,
    isRunningJobs,
  }: DbAndClock & {
    notifications: Notifications;
    config: Pick<Config, 'STUN_URLS' | 'TURN_URLS' | 'TURN_SECRET' | 'VIDEO_RELAY_ONLY'>;
    isRunningJobs: boolean;
  },
) {
  allowEmptyJsonBody(app);
  const hub = createCallHub({ db, notifications, log: app.log });
  app.addHook('preClose', async () => hub.close());
  const video = createVideoService({ db, hub, ice: config, ...(now && { now }) });
  videoRoutes(app, { video, hub, ...(now && { now }) });
  if (isRunningJobs)
    schedulePeriodicJob(app, {
      db,
      name: 'video-signals-cleanup',
      everyMs: 60_000,
      run: async () => {
        await video.deleteOldSignals();
      },
    });
}
