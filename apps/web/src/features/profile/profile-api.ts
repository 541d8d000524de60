import type { TProfileData } from '@portal/shared/profile';
import type { TUser } from '@portal/shared/user';
import { api } from '../../lib/api/api.ts';

/** SPEC.md §7: GET /user/profile and PUT /user/update-profile, both answering `{ user }`. */
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
      // The answer is the saved user: put it in the cache so the read view shows it at once.
      async onQueryStarted(_profile, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(profileApi.util.upsertQueryData('getProfile', undefined, data));
        } catch {
          // The form shows the failure; the cache keeps the last saved profile.
        }
      },
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation } = profileApi;
