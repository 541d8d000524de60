import type { TFacilityKind, TFacilitySummary } from '@portal/shared/directory';
import type {
  TDirectoryDoctor,
  TDirectoryDoctorHit,
  TDirectoryFacility,
  TDirectorySlots,
} from '@portal/shared/directory-public';
import type { TAppointmentKind } from '@portal/shared/appointment';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';
import { nextCursorFrom } from '../../lib/api/link-header.ts';
import { headerOf, totalCountOf } from '../../lib/api/response-headers.ts';
import type { ViewerArgs } from '../../lib/api/viewer-args.ts';
import type { TDirectoryBooking, TDirectoryBookingInput } from '@portal/shared/booking';

/** What a search of doctors filters by: the page's URL parameters, as typed. */
export interface DoctorFilters {
  q?: string;
  specialty?: string;
  language?: string;
  city?: string;
  kind?: TAppointmentKind;
}

export interface FacilityFilters {
  q?: string;
  city?: string;
  kind?: TFacilityKind;
}

/** One page of a keyset-paged list: its items, every match's count, the next page's cursor. */
export interface ListPage<T> {
  items: T[];
  total: number;
  nextCursor?: string;
}

const pageOf = <T>(items: T[], meta: unknown): ListPage<T> => {
  const nextCursor = nextCursorFrom(headerOf(meta, 'Link'));
  return { items, total: totalCountOf(meta) ?? items.length, ...(nextCursor && { nextCursor }) };
};

/** Filters without their empty values: an empty field asks for nothing. */
const paramsOf = (filters: object, cursor?: string) => ({
  ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value)),
  ...(cursor && { cursor }),
});

const segment = encodeURIComponent;

/**
 * The public directory (no sign-in): doctors, their free slots, facilities; and a booking of a
 * free slot, which needs a signed-in person. Every screen here says itself what failed, so no
 * call leads away to an error page. The API lets one address make 120 directory requests a
 * minute: a page of results is one request (its doctors' next free slots come with it).
 */
export const directoryApi = api
  .enhanceEndpoints({ addTagTypes: ['DirectorySlots'] })
  .injectEndpoints({
    endpoints: handlingOwnErrors((build) => ({
      searchDoctors: build.query<
        ListPage<TDirectoryDoctorHit>,
        DoctorFilters & { cursor?: string }
      >({
        query: ({ cursor, ...filters }) => ({
          url: '/directory/doctors',
          params: paramsOf(filters, cursor),
        }),
        transformResponse: pageOf<TDirectoryDoctorHit>,
        providesTags: ['DirectorySlots'],
      }),
      getDoctor: build.query<TDirectoryDoctor, string>({
        query: (id) => `/directory/doctors/${segment(id)}`,
      }),
      /** A week from `from` (a day in the doctor's zone); none: from today there. */
      getDoctorSlots: build.query<TDirectorySlots, { id: string; from?: string; to?: string }>({
        query: ({ id, from, to }) => ({
          url: `/directory/doctors/${segment(id)}/slots`,
          params: { ...(from && { from }), ...(to && { to }) },
        }),
        providesTags: ['DirectorySlots'],
      }),
      searchFacilities: build.query<
        ListPage<TFacilitySummary>,
        FacilityFilters & { cursor?: string }
      >({
        query: ({ cursor, ...filters }) => ({
          url: '/directory/facilities',
          params: paramsOf(filters, cursor),
        }),
        transformResponse: pageOf<TFacilitySummary>,
      }),
      getFacility: build.query<TDirectoryFacility, string>({
        query: (id) => `/directory/facilities/${segment(id)}`,
      }),
      /** A booking made or refused changes the free slots everyone sees: they are read again. */
      bookDoctor: build.mutation<
        TDirectoryBooking,
        ViewerArgs & { id: string; input: TDirectoryBookingInput }
      >({
        query: ({ id, input }) => ({
          url: `/directory/doctors/${segment(id)}/bookings`,
          method: 'POST',
          body: input,
        }),
        invalidatesTags: ['DirectorySlots'],
      }),
    })),
  });

export const {
  useSearchDoctorsQuery,
  useGetDoctorQuery,
  useGetDoctorSlotsQuery,
  useSearchFacilitiesQuery,
  useGetFacilityQuery,
  useBookDoctorMutation,
} = directoryApi;
