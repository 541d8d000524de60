import type { TCalendarFeed } from '@portal/shared/appointment';
import type { TNoticePreferences } from '@portal/shared/notice-preferences';
import type { TPracticeData } from '@portal/shared/practice';
import type { TProfileData, TScheduleData } from '@portal/shared/profile';
import type { TUser } from '@portal/shared/user';
import { api } from '../../lib/api/api.ts';
import { updateUserData } from '../../lib/session/auth-slice.ts';

/** `GET /api/user/profile` and `PUT /api/user/update-profile`, both answering `{ user }`. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<TUser, void>({
      query: () => '/user/profile',
      transformResponse: (response: { user: TUser }) => response.user,
      providesTags: ['User'],
    }),
    updateProfile: build.mutation<TUser, TProfileData>({
      extraOptions: { handlesOwnErrors: true },
      query: (profile) => ({ url: '/user/update-profile', method: 'PUT', body: profile }),
      transformResponse: (response: { user: TUser }) => response.user,
      // Other views of the user (premium, menu) refetch; this one takes the answer directly.
      invalidatesTags: ['User'],
      // The answer is the saved user: put it in the cache so the read view shows it at once, and
      // in the session, so the other screens read what was saved.
      async onQueryStarted(_profile, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(updateUserData(data));
          void dispatch(profileApi.util.upsertQueryData('getProfile', undefined, data));
        } catch {
          // The form shows the failure; the cache keeps the last saved profile.
        }
      },
    }),
    /** The Practice section, replaced whole; answers `{ user }`. */
    updatePractice: build.mutation<TUser, TPracticeData>({
      extraOptions: { handlesOwnErrors: true },
      query: (practice) => ({ url: '/user/practice', method: 'PUT', body: practice }),
      transformResponse: (response: { user: TUser }) => response.user,
      invalidatesTags: ['User'],
      async onQueryStarted(_practice, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(updateUserData(data));
          void dispatch(profileApi.util.upsertQueryData('getProfile', undefined, data));
        } catch {
          // The form shows the failure; the cache keeps the last saved practice.
        }
      },
    }),
    /** Time zone, working hours, reminder, full names in the feed; answers `{ user }`. */
    updateSchedule: build.mutation<TUser, TScheduleData>({
      extraOptions: { handlesOwnErrors: true },
      query: (schedule) => ({ url: '/user/schedule', method: 'PUT', body: schedule }),
      transformResponse: (response: { user: TUser }) => response.user,
      invalidatesTags: ['User'],
    }),
    /** Which kinds of notice are e-mailed to the signed-in user. */
    getNoticePreferences: build.query<TNoticePreferences, void>({
      query: () => '/user/notice-preferences',
    }),
    /** Every kind at once; answers the choices as saved, which the read view then shows. */
    updateNoticePreferences: build.mutation<TNoticePreferences, TNoticePreferences>({
      extraOptions: { handlesOwnErrors: true },
      query: (preferences) => ({
        url: '/user/notice-preferences',
        method: 'PUT',
        body: preferences,
      }),
      async onQueryStarted(_preferences, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(profileApi.util.upsertQueryData('getNoticePreferences', undefined, data));
        } catch {
          // The form shows the failure; the cache keeps the last saved choices.
        }
      },
    }),
    /** A new private iCalendar address (any earlier one stops working); shown only now. */
    createCalendarFeed: build.mutation<TCalendarFeed, void>({
      extraOptions: { handlesOwnErrors: true },
      query: () => ({ url: '/calendar-feed', method: 'POST' }),
      invalidatesTags: ['User'],
    }),
    deleteCalendarFeed: build.mutation<void, void>({
      extraOptions: { handlesOwnErrors: true },
      query: () => ({ url: '/calendar-feed', method: 'DELETE' }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useUpdateScheduleMutation,
  useUpdatePracticeMutation,
  useCreateCalendarFeedMutation,
  useDeleteCalendarFeedMutation,
  useGetNoticePreferencesQuery,
  useUpdateNoticePreferencesMutation,
} = profileApi;
