import type {
  TCreatedStaffInvitation,
  TFacility,
  TFacilityData,
  TListing,
  TListingData,
  TStaffMember,
  TStaffMembership,
} from '@portal/shared/directory';
import { api, handlingOwnErrors } from '../../../lib/api/api.ts';
import type { ViewerArgs } from '../../../lib/api/viewer-args.ts';

/**
 * The practitioner's side of the directory: their listing (`/user/listing`), the facilities
 * they own or work at (`/facilities…`) and accepting a staff invitation (`/me/facility-staff`).
 * Every screen says itself what failed, so no call shows the global alert or leads away.
 */
const base = api.enhanceEndpoints({ addTagTypes: ['Listing', 'Facilities', 'Staff'] });

interface FacilityArgs extends ViewerArgs {
  facilityId: string;
}

export const directoryApi = base.injectEndpoints({
  endpoints: handlingOwnErrors((build) => ({
    getListing: build.query<TListing, ViewerArgs>({
      query: () => '/user/listing',
      providesTags: ['Listing'],
    }),
    saveListing: build.mutation<TListing, TListingData>({
      query: (listing) => ({ url: '/user/listing', method: 'PUT', body: listing }),
      invalidatesTags: ['Listing'],
    }),
    getFacilities: build.query<TFacility[], ViewerArgs>({
      query: () => '/facilities',
      transformResponse: (answer: { items: TFacility[] }) => answer.items,
      providesTags: ['Facilities'],
    }),
    createFacility: build.mutation<TFacility, TFacilityData>({
      query: (facility) => ({ url: '/facilities', method: 'POST', body: facility }),
      invalidatesTags: ['Facilities'],
    }),
    getStaff: build.query<TStaffMember[], FacilityArgs>({
      query: ({ facilityId }) => `/facilities/${encodeURIComponent(facilityId)}/staff`,
      transformResponse: (answer: { items: TStaffMember[] }) => answer.items,
      providesTags: (_result, _error, { facilityId }) => [{ type: 'Staff', id: facilityId }],
    }),
    inviteStaff: build.mutation<TCreatedStaffInvitation, { facilityId: string; email: string }>({
      query: ({ facilityId, email }) => ({
        url: `/facilities/${encodeURIComponent(facilityId)}/staff`,
        method: 'POST',
        body: { email },
      }),
      invalidatesTags: (_result, _error, { facilityId }) => [{ type: 'Staff', id: facilityId }],
    }),
    removeStaff: build.mutation<void, { facilityId: string; staffId: string }>({
      query: ({ facilityId, staffId }) => ({
        url: `/facilities/${encodeURIComponent(facilityId)}/staff/${encodeURIComponent(staffId)}`,
        method: 'DELETE',
      }),
      // A refusal (removed meanwhile) refreshes too: the list then shows the truth.
      invalidatesTags: (_result, _error, { facilityId }) => [{ type: 'Staff', id: facilityId }],
    }),
    acceptStaffInvitation: build.mutation<TStaffMembership, { code: string }>({
      query: (body) => ({ url: '/me/facility-staff', method: 'POST', body }),
      invalidatesTags: ['Facilities'],
    }),
  })),
});

export const {
  useGetListingQuery,
  useSaveListingMutation,
  useGetFacilitiesQuery,
  useCreateFacilityMutation,
  useGetStaffQuery,
  useInviteStaffMutation,
  useRemoveStaffMutation,
  useAcceptStaffInvitationMutation,
} = directoryApi;
