import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DbAndClock } from '../../db/client.ts';
import type { Notifications } from '../../db/notifications.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import { createMessageHub } from './messages.events.ts';
import { messageRoutes } from './messages.routes.ts';
import { createMessageService } from './messages.service.ts';
import { messageStreamRoutes } from './messages.stream.ts';

/**
 * Secure messages in their own encapsulated context: the threads and their messages, the live
 * stream (fed across instances by LISTEN/NOTIFY) and the Support desk (`SUPPORT_EMAILS`). An
 * empty JSON body counts as none (marking read and closing send no body).
 */
export async function messagesPlugin(
  app: FastifyInstance,
  {
    db,
    now,
    notifications,
    config,
  }: DbAndClock & { notifications: Notifications; config: Pick<Config, 'SUPPORT_EMAILS'> },
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
}
