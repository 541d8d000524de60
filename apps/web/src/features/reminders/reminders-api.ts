import type { TReminder, TReminderList } from '@portal/shared/reminder';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';

const remindersBase = api.enhanceEndpoints({ addTagTypes: ['Reminder'] });

/**
 * The bell's calls. `viewer` (the signed-in user's id, never sent) keys the cache, so the next
 * person signing in on this browser never sees the last one's reminders. The bell says itself
 * when a call fails, so none leads away to an error page.
 */
export const remindersApi = remindersBase.injectEndpoints({
  endpoints: handlingOwnErrors((build) => ({
    listReminders: build.query<TReminderList, string | undefined>({
      query: () => '/reminders',
      providesTags: ['Reminder'],
    }),
    markReminderRead: build.mutation<TReminder, string>({
      query: (id) => ({ url: `/reminders/${encodeURIComponent(id)}/read`, method: 'POST' }),
      invalidatesTags: ['Reminder'],
    }),
    markAllRemindersRead: build.mutation<TReminderList, void>({
      query: () => ({ url: '/reminders/read-all', method: 'POST' }),
      invalidatesTags: ['Reminder'],
    }),
  })),
});

export const {
  useListRemindersQuery,
  useMarkReminderReadMutation,
  useMarkAllRemindersReadMutation,
} = remindersApi;
