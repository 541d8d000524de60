import { http, type HttpHandler } from 'msw';
import type { TReminder, TReminderList } from '@portal/shared/reminder';
import { json } from './http.ts';

/**
 * The practitioner's reminders in memory, served by `remindersHandlers`: the list
 * with its unread count, mark one read (404 `REMINDER_NOT_FOUND` for an unknown id) and mark all
 * read. `add` is what the API's job does when a reminder comes.
 */
let sequence = 0;
const nextId = () => `e1f2a3b4-0000-4000-8000-${(sequence += 1).toString(16).padStart(12, '0')}`;

export class FakeReminders {
  readonly reminders: TReminder[] = [];

  add(overrides: Partial<TReminder> = {}): TReminder {
    const reminder: TReminder = {
      _id: nextId(),
      source: 'appointment',
      sourceId: nextId(),
      patientId: nextId(),
      patientName: 'Amina Yusuf',
      carePlanId: null,
      activityTitle: null,
      eventAt: '2026-03-02T09:00:00.000Z',
      localEventAt: '2026-03-02T10:00',
      timeZone: 'Europe/Berlin',
      createdAt: new Date(Date.UTC(2026, 2, 1, 9, 0, sequence)).toISOString(),
      readAt: null,
      ...overrides,
    };
    this.reminders.unshift(reminder);
    return reminder;
  }

  list(): TReminderList {
    return {
      reminders: [...this.reminders],
      unreadCount: this.reminders.filter((reminder) => reminder.readAt === null).length,
    };
  }
}

export function remindersHandlers(reminders: FakeReminders): HttpHandler[] {
  const readAt = () => new Date().toISOString();
  return [
    http.get('/api/reminders', () => json(reminders.list())),
    http.post('/api/reminders/read-all', () => {
      for (const reminder of reminders.reminders) reminder.readAt ??= readAt();
      return json(reminders.list());
    }),
    http.post('/api/reminders/:id/read', ({ params }) => {
      const reminder = reminders.reminders.find((one) => one._id === params.id);
      if (!reminder)
        return json(
          { message: 'The reminder could not be found.', code: 'REMINDER_NOT_FOUND' },
          { status: 404 },
        );
      reminder.readAt ??= readAt();
      return json(reminder);
    }),
  ];
}
