import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ATTACHMENT_MAX_BYTES } from '@portal/shared/message-threads';
import type { Config } from '../../config.ts';
import type { DbAndClock } from '../../db/client.ts';
import type { Notifications } from '../../db/notifications.ts';
import { schedulePeriodicJob } from '../../jobs/periodic-job.ts';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { attachmentRoutes } from './attachments/attachments.routes.ts';
import { createAttachmentService } from './attachments/attachments.service.ts';
import { sweepAttachments } from './attachments/attachments.sweep.ts';
import { attachmentStorages } from './attachments/storage.ts';
import { createMessageHub } from './messages.events.ts';
import { messageRoutes } from './messages.routes.ts';
import { sendMessageNotices } from './messages.notices.ts';
import { createMessageService } from './messages.service.ts';
import { messageStreamRoutes } from './messages.stream.ts';

/**
 * Secure messages in their own encapsulated context: the threads and their messages, the live
 * stream (fed across instances by LISTEN/NOTIFY), the Support desk (`SUPPORT_EMAILS`), the files
 * sent with messages (in PostgreSQL, or `MESSAGE_ATTACHMENTS_DIR`; unsent ones swept hourly) and,
 * when there is a mailer, the "new message" e-mails (a periodic job, run by one instance a
 * minute). An empty JSON body counts as none (marking read and closing send no body);
 * `multipart/form-data` is read by the upload route only.
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
    config: Pick<
      Config,
      'SUPPORT_EMAILS' | 'PUBLIC_URL' | 'MESSAGE_ATTACHMENT_QUOTA_MB' | 'MESSAGE_ATTACHMENTS_DIR'
    >;
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
  const storages = attachmentStorages(config.MESSAGE_ATTACHMENTS_DIR);
  const attachments = createAttachmentService({
    db,
    now,
    storages,
    quotaBytes: config.MESSAGE_ATTACHMENT_QUOTA_MB * 1024 * 1024,
  });
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    attachmentRoutes(uploads, { attachments, supportEmails });
  });
  if (isRunningJobs)
    schedulePeriodicJob(app, {
      db,
      name: 'message-attachments-sweep',
      everyMs: 60 * 60_000,
      run: async () => {
        await sweepAttachments({ db, storages, ...(now && { now }), log: app.log });
      },
    });
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
