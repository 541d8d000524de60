import type { TFacilitySummary } from '@portal/shared/directory';
import type { TMyLinks } from '@portal/shared/patient-access';
import type { TPrescription } from '@portal/shared/prescription';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';
import type { PatientArgs, ViewerArgs } from '../../lib/api/viewer-args.ts';
import { patientUrl } from '../../lib/api/patient-url.ts';
import type {
  TItems,
  TMyMedicine,
  TMyPharmacy,
  TPharmacyPrescription,
  TPharmacyStatus,
  TPrescriptionVerification,
  TRefillApproval,
  TRefillCount,
  TRefillRequest,
} from './medicines-types.ts';

export type TMedicineLink = TMyLinks['items'][number];

const segment = encodeURIComponent;
const myRecordUrl = (patientId: string, ...path: string[]) =>
  ['/me/patients', ...[patientId, ...path].map(segment)].join('/');

/** One of the viewer's linked records. */
interface MyRecordArgs extends ViewerArgs {
  patientId: string;
}

/** One of the viewer's prescriptions in a linked record. */
interface MyPrescriptionArgs extends MyRecordArgs {
  prescriptionId: string;
}

/**
 * Medicines: the public verification of a prescription (and dispensing it from there), the
 * patient's active prescriptions with refills and sending one to a pharmacy, the practitioner's
 * refill requests, and a pharmacy's incoming prescriptions. Every screen says itself what failed.
 * A verification token is a path segment of one request and nothing else: never a cache tag, a
 * log line or the page's title.
 */
const base = api.enhanceEndpoints({
  addTagTypes: ['Medicines', 'RefillRequests', 'PharmacyQueue', 'Prescription'],
});

export const medicinesApi = base.injectEndpoints({
  endpoints: handlingOwnErrors((build) => ({
    verifyPrescription: build.query<TPrescriptionVerification, string>({
      query: (token) => `/prescriptions/verify/${segment(token)}`,
      // Each read counts as a verification: the answer is not kept for another visit.
      keepUnusedDataFor: 0,
    }),
    dispenseByToken: build.mutation<
      TPrescriptionVerification,
      { token: string; facilityId: string }
    >({
      query: ({ token, facilityId }) => ({
        url: `/prescriptions/verify/${segment(token)}/dispense`,
        method: 'POST',
        body: { facilityId },
      }),
      invalidatesTags: ['PharmacyQueue'],
      // The page shows the answer: read again, the token would count one more verification.
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          void dispatch(medicinesApi.util.upsertQueryData('verifyPrescription', token, data));
      },
    }),
    /** The approved pharmacies the viewer owns or is staff of (the profile's facilities). */
    getMyPharmacies: build.query<TMyPharmacy[], ViewerArgs>({
      query: () => '/facilities',
      transformResponse: (answer: TItems<TMyPharmacy>) =>
        answer.items.filter(
          (facility) => facility.kind === 'pharmacy' && facility.reviewStatus === 'approved',
        ),
    }),
    /** A pharmacy's public card, to name the one a prescription was sent to. */
    getPharmacy: build.query<TFacilitySummary, string>({
      query: (id) => `/directory/facilities/${segment(id)}`,
    }),
    getMedicineLinks: build.query<TMedicineLink[], ViewerArgs>({
      query: () => '/me/links',
      transformResponse: (answer: TMyLinks) => answer.items,
    }),
    getMyMedicines: build.query<TMyMedicine[], MyRecordArgs>({
      query: ({ patientId }) => myRecordUrl(patientId, 'prescriptions'),
      transformResponse: (answer: TItems<TMyMedicine>) => answer.items,
      providesTags: ['Medicines'],
    }),
    getMyRefillRequests: build.query<TRefillRequest[], MyRecordArgs>({
      query: ({ patientId }) => myRecordUrl(patientId, 'refill-requests'),
      providesTags: ['RefillRequests'],
    }),
    requestRefill: build.mutation<TRefillRequest, MyPrescriptionArgs & { note: string }>({
      query: ({ patientId, prescriptionId, note }) => ({
        url: myRecordUrl(patientId, 'prescriptions', prescriptionId, 'refill-requests'),
        method: 'POST',
        body: note ? { note } : {},
      }),
      invalidatesTags: ['RefillRequests'],
    }),
    sendToPharmacy: build.mutation<TMyMedicine, MyPrescriptionArgs & { facilityId: string }>({
      query: ({ patientId, prescriptionId, facilityId }) => ({
        url: myRecordUrl(patientId, 'prescriptions', prescriptionId, 'pharmacy'),
        method: 'POST',
        body: { facilityId },
      }),
      invalidatesTags: ['Medicines'],
    }),
    getRefillRequests: build.query<TRefillRequest[], PatientArgs>({
      query: ({ patientId }) => patientUrl(patientId, 'refill-requests'),
      providesTags: ['RefillRequests'],
    }),
    getRefillCount: build.query<TRefillCount, ViewerArgs>({
      query: () => '/records/refill-requests/count',
      providesTags: ['RefillRequests'],
    }),
    /** The prescription a refill request is about, which the approval starts from. */
    getPrescription: build.query<TPrescription, PatientArgs & { prescriptionId: string }>({
      query: ({ patientId, prescriptionId }) =>
        patientUrl(patientId, 'prescriptions', prescriptionId),
    }),
    /** The clinical section's list of prescriptions is read again with the new one. */
    approveRefill: build.mutation<
      TPrescription,
      PatientArgs & { requestId: string; input: TRefillApproval }
    >({
      query: ({ patientId, requestId, input }) => ({
        url: patientUrl(patientId, 'refill-requests', requestId, 'approve'),
        method: 'POST',
        body: input,
      }),
      invalidatesTags: (result, _error, { patientId }) =>
        result ? ['RefillRequests', { type: 'Prescription', id: patientId }] : [],
    }),
    declineRefill: build.mutation<
      TRefillRequest,
      PatientArgs & { requestId: string; message: string }
    >({
      query: ({ patientId, requestId, message }) => ({
        url: patientUrl(patientId, 'refill-requests', requestId, 'decline'),
        method: 'POST',
        body: { message },
      }),
      invalidatesTags: ['RefillRequests'],
    }),
    getPharmacyPrescriptions: build.query<
      TPharmacyPrescription[],
      ViewerArgs & { facilityId: string; status?: TPharmacyStatus }
    >({
      query: ({ facilityId, status }) => ({
        url: '/pharmacy/prescriptions',
        params: { facilityId, ...(status && { status }) },
      }),
      providesTags: ['PharmacyQueue'],
    }),
    markPharmacyPrescription: build.mutation<
      TPharmacyPrescription,
      { id: string; step: 'ready' | 'dispensed' }
    >({
      query: ({ id, step }) => ({
        url: `/pharmacy/prescriptions/${segment(id)}/${step}`,
        method: 'POST',
      }),
      invalidatesTags: ['PharmacyQueue'],
    }),
  })),
});

export const {
  useVerifyPrescriptionQuery,
  useDispenseByTokenMutation,
  useGetMyPharmaciesQuery,
  useGetPharmacyQuery,
  useGetMedicineLinksQuery,
  useGetMyMedicinesQuery,
  useGetMyRefillRequestsQuery,
  useRequestRefillMutation,
  useSendToPharmacyMutation,
  useGetRefillRequestsQuery,
  useGetRefillCountQuery,
  useGetPrescriptionQuery,
  useApproveRefillMutation,
  useDeclineRefillMutation,
  useGetPharmacyPrescriptionsQuery,
  useMarkPharmacyPrescriptionMutation,
} = medicinesApi;
