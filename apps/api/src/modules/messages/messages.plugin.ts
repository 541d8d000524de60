import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DbAndClock } from '../../db/client.ts';
import type { Notifications } from '../../db/notifications.ts';
import { schedulePeriodicJob } from '../../jobs/periodic-job.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { createMessageHub } from './messages.events.ts';
import { messageRoutes } from './messages.routes.ts';
import { sendMessageNotices } from './messages.notices.ts';
import { createMessageService } from './messages.service.ts';
import { messageStreamRoutes } from './messages.stream.ts';

/**
 * Secure messages in their own encapsulated context: the threads and their messages, the live
 * stream (fed across instances by LISTEN/NOTIFY), the Support desk (`SUPPORT_EMAILS`) and, when
 * there is a mailer, the "new message" e-mails (a periodic job, run by one instance a minute). An
 * empty JSON body counts as none (marking read and closing send no body).
 */
export async function messagesPlugin(
  app: FastifyInstance,
  {
    db,
    now,
    notifications,
    mailer,
    config,
    isRunningJobs,
  }: DbAndClock & {
    notifications: Notifications;
    mailer: Mailer | null;
    config: Pick<Config, 'SUPPORT_EMAILS' | 'PUBLIC_URL'>;
    isRunningJobs: boolean;
  },
) {
  allowEmptyJsonBody(app);
  const hub = createMessageHub({ db, notifications, log: app.log });
  app.addHook('preClose', async () => hub.close());
  const supportEmails = config.SUPPORT_EMAILS;
  messageRoutes(app, {
    messages: createMessageService({ db, now, events: hub.events }),
    supportEmails,
  });
  messageStreamRoutes(app, { db, hub, supportEmails, ...(now && { now }) });
  if (mailer && isRunningJobs)
    schedulePeriodicJob(app, {
      db,
      name: 'message-notices',
      everyMs: 60_000,
      run: async () => {
        await sendMessageNotices({
          db,
          mailer,
          publicUrl: config.PUBLIC_URL,
          ...(now && { now }),
          log: app.log,
        });
      },
    });
}
