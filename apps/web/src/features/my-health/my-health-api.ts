import { api, handlingOwnErrors } from '../../lib/api/api.ts';
import { patientUrl } from '../../lib/api/patient-url.ts';
import type { PatientArgs, ViewerArgs } from '../../lib/api/viewer-args.ts';
import type {
  TInvitationCreated,
  TInvitationInput,
  TInvitationPreview,
  TItems,
  TLinkCreated,
  TLinkInput,
  TMyAccessEntry,
  TMyAllergy,
  TMyAppointment,
  TMyAppointments,
  TMyCarePlan,
  TMyImmunization,
  TMyLink,
  TMyPrescription,
  TMyOccurrence,
  TMyOccurrenceMark,
  TMyPatient,
  TMyVisit,
  TMyVitalsPoint,
  TPatientAccess,
} from './api-types.ts';

/** The API's URL of what a linked person sees of one record: `/me/patients/{id}/…`. */
const myRecordUrl = (patientId: string, ...path: string[]) =>
  ['/me/patients', ...[patientId, ...path].map(encodeURIComponent)].join('/');

/**
 * Whose screens a record's sections read: the linked person's own (`me`), or the practitioner's
 * preview of them (`preview`), which answers the same schemas for their own patient.
 */
export type RecordSource = 'me' | 'preview';

/** A call about one linked record (the viewer keys the cache, see ViewerArgs). */
export interface MyRecordArgs extends ViewerArgs {
  patientId: string;
  /** Omitted: `me`. */
  source?: RecordSource;
}

/** The URL of one screen's answer, as the linked person's or as the practitioner's preview. */
const screenUrl = ({ patientId, source = 'me' }: MyRecordArgs, segment?: string) => {
  const path = segment ? [segment] : [];
  return source === 'preview'
    ? patientUrl(patientId, 'patient-view', ...path)
    : myRecordUrl(patientId, ...path);
};

/**
 * Access is tagged by patient (the practitioner's side) and everything a linked person reads by
 * 'MyHealth', so leaving a record or accepting an invitation refreshes the menu and the page.
 */
const base = api.enhanceEndpoints({ addTagTypes: ['PatientAccess', 'MyHealth'] });

export const myHealthApi = base.injectEndpoints({
  // Every screen here says itself what failed: a refusal never leads away from it.
  endpoints: handlingOwnErrors((build) => ({
    getPatientAccess: build.query<TPatientAccess, PatientArgs>({
      query: ({ patientId }) => patientUrl(patientId, 'access'),
      providesTags: (_result, _error, { patientId }) => [{ type: 'PatientAccess', id: patientId }],
    }),
    invitePatient: build.mutation<TInvitationCreated, { patientId: string } & TInvitationInput>({
      query: ({ patientId, ...body }) => ({
        url: patientUrl(patientId, 'invitation'),
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { patientId }) => [
        { type: 'PatientAccess', id: patientId },
      ],
    }),
    endPatientAccess: build.mutation<void, { patientId: string }>({
      query: ({ patientId }) => ({ url: patientUrl(patientId, 'access'), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { patientId }) => [
        { type: 'PatientAccess', id: patientId },
      ],
    }),
    getInvitation: build.query<TInvitationPreview, ViewerArgs & { code: string }>({
      query: ({ code }) => `/me/invitations/${encodeURIComponent(code)}`,
    }),
    acceptInvitation: build.mutation<TLinkCreated, TLinkInput>({
      query: (body) => ({ url: '/me/links', method: 'POST', body }),
      invalidatesTags: ['MyHealth'],
    }),
    getMyLinks: build.query<TMyLink[], ViewerArgs>({
      query: () => '/me/links',
      transformResponse: (answer: TItems<TMyLink>) => answer.items,
      providesTags: ['MyHealth'],
    }),
    leaveLink: build.mutation<void, { linkId: string }>({
      query: ({ linkId }) => ({
        url: `/me/links/${encodeURIComponent(linkId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['MyHealth'],
    }),
    getMyRecord: build.query<TMyPatient, MyRecordArgs>({
      query: (args) => screenUrl(args),
      providesTags: ['MyHealth'],
    }),
    getMyAppointments: build.query<TMyAppointments, MyRecordArgs>({
      query: (args) => screenUrl(args, 'appointments'),
      providesTags: ['MyHealth'],
    }),
    cancelMyAppointment: build.mutation<
      TMyAppointment,
      { patientId: string; appointmentId: string }
    >({
      query: ({ patientId, appointmentId }) => ({
        url: myRecordUrl(patientId, 'appointments', appointmentId, 'cancel'),
        method: 'POST',
      }),
      invalidatesTags: ['MyHealth'],
    }),
    getMyVisits: build.query<TMyVisit[], MyRecordArgs>({
      query: (args) => screenUrl(args, 'visits'),
      transformResponse: (answer: TItems<TMyVisit>) => answer.items,
      providesTags: ['MyHealth'],
    }),
    getMyVitals: build.query<TMyVitalsPoint[], MyRecordArgs>({
      query: (args) => screenUrl(args, 'vitals'),
      transformResponse: (answer: TItems<TMyVitalsPoint>) => answer.items,
      providesTags: ['MyHealth'],
    }),
    getMyPrescriptions: build.query<TMyPrescription[], MyRecordArgs>({
      query: (args) => screenUrl(args, 'prescriptions'),
      transformResponse: (answer: TItems<TMyPrescription>) => answer.items,
      providesTags: ['MyHealth'],
    }),
    getMyAllergies: build.query<TMyAllergy[], MyRecordArgs>({
      query: (args) => screenUrl(args, 'allergies'),
      transformResponse: (answer: TItems<TMyAllergy>) => answer.items,
      providesTags: ['MyHealth'],
    }),
    getMyImmunizations: build.query<TMyImmunization[], MyRecordArgs>({
      query: (args) => screenUrl(args, 'immunizations'),
      transformResponse: (answer: TItems<TMyImmunization>) => answer.items,
      providesTags: ['MyHealth'],
    }),
    getMyCarePlans: build.query<TMyCarePlan[], MyRecordArgs>({
      query: (args) => screenUrl(args, 'care-plans'),
      transformResponse: (answer: TItems<TMyCarePlan>) => answer.items,
      providesTags: ['MyHealth'],
    }),
    markMyOccurrence: build.mutation<
      TMyOccurrence,
      { patientId: string; carePlanId: string; activityId: string; day: string } & TMyOccurrenceMark
    >({
      query: ({ patientId, carePlanId, activityId, day, status }) => ({
        url: myRecordUrl(
          patientId,
          'care-plans',
          carePlanId,
          'activities',
          activityId,
          'occurrences',
          day,
        ),
        method: 'POST',
        body: { status },
      }),
      invalidatesTags: ['MyHealth'],
    }),
    getMyAccessLog: build.query<TMyAccessEntry[], MyRecordArgs>({
      query: ({ patientId }) => myRecordUrl(patientId, 'access-log'),
      transformResponse: (answer: TItems<TMyAccessEntry>) => answer.items,
      providesTags: ['MyHealth'],
    }),
    /** The FHIR R4 Bundle, kept as sent: it is saved as a file, never shown. */
    getMyFhirRecord: build.mutation<unknown, { patientId: string }>({
      query: ({ patientId }) => ({ url: myRecordUrl(patientId, 'record') }),
    }),
  })),
});

export const {
  useGetPatientAccessQuery,
  useInvitePatientMutation,
  useEndPatientAccessMutation,
  useGetInvitationQuery,
  useAcceptInvitationMutation,
  useGetMyLinksQuery,
  useLeaveLinkMutation,
  useGetMyRecordQuery,
  useGetMyAppointmentsQuery,
  useCancelMyAppointmentMutation,
  useGetMyVisitsQuery,
  useGetMyVitalsQuery,
  useGetMyPrescriptionsQuery,
  useGetMyAllergiesQuery,
  useGetMyImmunizationsQuery,
  useGetMyCarePlansQuery,
  useMarkMyOccurrenceMutation,
  useGetMyAccessLogQuery,
  useGetMyFhirRecordMutation,
} = myHealthApi;
