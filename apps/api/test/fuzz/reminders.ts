import fc from 'fast-check';
import type pg from 'pg';
import type { z } from 'zod';
import { ZReminder, ZReminderList } from '@portal/shared/reminder';

/**
 * The reminders' part of the fuzz campaign. The job that creates reminders does not
 * run in the in-process app, so the run starts with one reminder per live fixture patient,
 * inserted as the job would; the routes then read and mark them with ids of the caller's own,
 * someone else's, and junk.
 */
export interface ReminderInPool {
  id: string;
  ownerId: string;
  patientId: string;
}

export async function seedReminders(pool: pg.Pool): Promise<ReminderInPool[]> {
  const { rows } = await pool.query<{ id: string; owner_id: string; patient_id: string }>(
    `insert into reminders (owner_id, patient_id, source, source_id, event_at)
     select owner_id, id, 'care-plan-activity', gen_random_uuid(), now() + interval '1 day'
     from patients where deleted_at is null
     returning id, owner_id, patient_id`,
  );
  return rows.map((row) => ({ id: row.id, ownerId: row.owner_id, patientId: row.patient_id }));
}

export const REMINDER_ZOD_RESPONSES: Record<string, Record<number, z.ZodType>> = {
  'GET /api/reminders': { 200: ZReminderList },
  'POST /api/reminders/read-all': { 200: ZReminderList },
  'POST /api/reminders/{id}/read': { 200: ZReminder },
};

/** `{id}` of a reminder route: mostly the actor's own, then someone else's, a random uuid, junk. */
export function reminderPathValue(
  path: string,
  actorId: string,
  reminders: ReminderInPool[],
  junk: fc.Arbitrary<{ value: string; raw?: string }>,
): fc.Arbitrary<{ value: string; raw?: string }> | undefined {
  if (!path.startsWith('/api/reminders/{id}')) return undefined;
  const ids = (list: ReminderInPool[]) =>
    list.length
      ? fc.constantFrom(...list.map((reminder) => ({ value: reminder.id })))
      : fc.uuid().map((value) => ({ value }));
  return fc.oneof(
    { weight: 6, arbitrary: ids(reminders.filter((r) => r.ownerId === actorId)) },
    { weight: 3, arbitrary: ids(reminders.filter((r) => r.ownerId !== actorId)) },
    { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
    { weight: 2, arbitrary: junk },
  );
}

/** A reminders answer that shows someone else's reminder (or its patient). */
export function reminderLeaks(
  label: string,
  json: unknown,
  actorId: string,
  reminders: ReminderInPool[],
): string[] {
  const ownerOf = (id: string) => reminders.find((reminder) => reminder.id === id)?.ownerId;
  const answered =
    label === 'POST /api/reminders/{id}/read'
      ? [json as { _id: string }]
      : label === 'GET /api/reminders' || label === 'POST /api/reminders/read-all'
        ? ((json as { reminders?: Array<{ _id: string }> } | undefined)?.reminders ?? [])
        : [];
  return answered
    .filter((reminder) => reminder?._id && ownerOf(reminder._id) !== actorId)
    .map((reminder) => `${label} answered reminder ${reminder._id} of someone else`);
}
