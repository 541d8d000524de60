import type { TVisit, TVisitData, TVisitPatientSharing } from '@portal/shared/visit';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';
import { etagOf } from '../../lib/api/etag.ts';
import { patientUrl } from '../../lib/api/patient-url.ts';
import { totalCountOf } from '../../lib/api/response-headers.ts';
import type { PatientArgs } from '../../lib/api/viewer-args.ts';

/** The API's largest page: a patient's visits beyond it are offered by 'Show older visits'. */
export const VISITS_PAGE_MAX = 100;
export const VISITS_PAGE = 20;

export interface VisitListArgs extends PatientArgs {
  limit: number;
}

export interface VisitList {
  visits: TVisit[];
  /** From `X-Total-Count`. */
  total: number;
}

const visitsUrl = (patientId: string, ...rest: string[]) =>
  patientUrl(patientId, 'visits', ...rest);

// 'Appointment' is the appointments feature's tag: a visit that closes one refreshes its lists.
const visitsBase = api.enhanceEndpoints({ addTagTypes: ['Visit', 'Appointment'] });

/** Every call says itself when it fails (the section's own alert), so none leads away. */
export const visitsApi = visitsBase.injectEndpoints({
  endpoints: handlingOwnErrors((build) => ({
    listVisits: build.query<VisitList, VisitListArgs>({
      query: ({ patientId, limit }) => ({ url: visitsUrl(patientId), params: { limit } }),
      transformResponse: (visits: TVisit[], meta) => ({
        visits,
        total: totalCountOf(meta) ?? visits.length,
      }),
      providesTags: (_result, _error, { patientId }) => [{ type: 'Visit', id: patientId }],
    }),
    createVisit: build.mutation<TVisit, { patientId: string; input: TVisitData }>({
      query: ({ patientId, input }) => ({ url: visitsUrl(patientId), method: 'POST', body: input }),
      // A visit that closed an appointment changes the appointment lists too.
      invalidatesTags: (_result, _error, { patientId }) => [
        { type: 'Visit', id: patientId },
        { type: 'Appointment', id: 'LIST' },
      ],
    }),
    /** Replaces a draft, if it is still the version on screen (`If-Match`: else 412). */
    updateVisit: build.mutation<TVisit, { visit: TVisit; input: TVisitData }>({
      query: ({ visit, input }) => ({
        url: visitsUrl(visit.patientId, visit._id),
        method: 'PUT',
        body: input,
        headers: { 'If-Match': etagOf(visit) },
      }),
      invalidatesTags: (_result, _error, { visit }) => [
        { type: 'Visit', id: visit.patientId },
        { type: 'Appointment', id: 'LIST' },
      ],
    }),
    signVisit: build.mutation<TVisit, TVisit>({
      query: (visit) => ({
        url: visitsUrl(visit.patientId, visit._id, 'sign'),
        method: 'POST',
        headers: { 'If-Match': etagOf(visit) },
      }),
      invalidatesTags: (_result, _error, { patientId }) => [{ type: 'Visit', id: patientId }],
    }),
    addAddendum: build.mutation<TVisit, { visit: TVisit; text: string }>({
      query: ({ visit, text }) => ({
        url: visitsUrl(visit.patientId, visit._id, 'addenda'),
        method: 'POST',
        body: { text },
      }),
      invalidatesTags: (_result, _error, { visit }) => [{ type: 'Visit', id: visit.patientId }],
    }),
    /** Whether a signed visit's notes reach a patient linked to the record. */
    setVisitSharing: build.mutation<TVisit, { visit: TVisit; sharing: TVisitPatientSharing }>({
      query: ({ visit, sharing }) => ({
        url: visitsUrl(visit.patientId, visit._id, 'sharing'),
        method: 'PUT',
        body: { sharing },
      }),
      invalidatesTags: (_result, _error, { visit }) => [{ type: 'Visit', id: visit.patientId }],
    }),
  })),
});

export const {
  useListVisitsQuery,
  useCreateVisitMutation,
  useUpdateVisitMutation,
  useSignVisitMutation,
  useAddAddendumMutation,
  useSetVisitSharingMutation,
} = visitsApi;
