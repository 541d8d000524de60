import { z } from 'zod';

/**
 * What a reminder is about. An appointment's comes the profile's `reminderHours`
 * before it starts; a care-plan activity's when an occurrence comes due. Both are created by
 * the API's one `createReminder` path, so the bell, the e-mail and the audit treat them alike.
 */
export const REMINDER_SOURCES = ['appointment', 'care-plan-activity'] as const;
export type TReminderSource = (typeof REMINDER_SOURCES)[number];

export const REMINDER_LIMITS = {
  /** The newest reminders `GET /api/reminders` answers. */
  listMax: 50,
} as const;

/** One reminder as `GET /api/reminders` answers it (the signed-in practitioner's own). */
export const ZReminder = z.object({
  _id: z.uuid(),
  source: z.enum(REMINDER_SOURCES),
  /** The appointment's id, or the care-plan activity's. */
  sourceId: z.uuid(),
  patientId: z.uuid(),
  patientName: z.string(),
  /** A care-plan activity's plan and title; null for an appointment, or an activity since removed. */
  carePlanId: z
    .uuid()
    .nullable()
    .describe('The care plan holding the activity; null for an appointment or a removed activity'),
  activityTitle: z
    .string()
    .nullable()
    .describe(
      'The activity’s title (e.g. HbA1c test); null for an appointment or a removed activity',
    ),
  /** When the appointment starts, or the activity is due (UTC). */
  eventAt: z
    .string()
    .describe(
      'When the appointment starts, or the start of the day the activity is due on the practitioner’s clock (UTC)',
    ),
  /** `eventAt` on the practitioner's clock, `YYYY-MM-DDTHH:MM`, and that clock's zone. */
  localEventAt: z.string(),
  timeZone: z.string(),
  /** When the reminder came (appeared in the bell). */
  createdAt: z.string(),
  readAt: z.string().nullable(),
});

export type TReminder = z.infer<typeof ZReminder>;

export const ZReminderList = z.object({
  reminders: z.array(ZReminder).describe(`The newest ${REMINDER_LIMITS.listMax}, newest first`),
  unreadCount: z.number().int().describe('Unread reminders in all (not only those listed)'),
});

export type TReminderList = z.infer<typeof ZReminderList>;
