import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZReminder, ZReminderList } from '@portal/shared/reminder';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { actorOf, ZRecordParams } from '../audit/owned-records.http.ts';
import { MEMBERS_ONLY } from '../../http/require-premium.ts';
import type { ReminderService } from './reminders.service.ts';

const ZId = ZRecordParams('reminder');
const errors = { 401: ZApiError, 404: ZApiError };

/**
 * The signed-in practitioner's reminders under /api/reminders (HTTP only). Members-only:
 * everyone else gets 402 `PREMIUM_REQUIRED` from the gate.
 */
export function reminderRoutes(
  app: FastifyInstance,
  { reminders }: { reminders: ReminderService },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reminders'];

  typed.get(
    '/api/reminders',
    {
      config: MEMBERS_ONLY,
      schema: {
        tags,
        summary:
          'My newest reminders (appointments coming up, care-plan activities due) and the unread count',
        description:
          'A reminder comes the profile’s `reminderHours` before a booked appointment (made by a background job in PostgreSQL, pg-boss), or on the day a care-plan activity comes due (named by `activityTitle`, in the plan `carePlanId`). Newest first, at most 50; `unreadCount` counts all unread ones. Audited (`list`), never cached.',
        response: { 200: ZReminderList, ...errors },
      },
    },
    async (request) => reminders.listReminders({ actor: await actorOf(request) }),
  );

  typed.post(
    '/api/reminders/:id/read',
    {
      config: MEMBERS_ONLY,
      schema: {
        tags,
        summary: 'Mark one of my reminders read (idempotent: the first reading time stays)',
        description:
          'Someone else’s reminder, a missing one or a string that is not an id: 404 `REMINDER_NOT_FOUND`.',
        params: ZId,
        response: { 200: ZReminder, ...errors },
      },
    },
    async (request) =>
      reminders.markReminderRead({ actor: await actorOf(request), id: request.params.id }),
  );

  typed.post(
    '/api/reminders/read-all',
    {
      config: MEMBERS_ONLY,
      schema: {
        tags,
        summary: 'Mark all my reminders read; answers the list as `GET /api/reminders` would',
        response: { 200: ZReminderList, ...errors },
      },
    },
    async (request) => reminders.markAllRemindersRead({ actor: await actorOf(request) }),
  );
}
