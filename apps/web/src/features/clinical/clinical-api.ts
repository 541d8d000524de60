import type { TAllergy, TAllergyData } from '@portal/shared/allergy';
import type { TPatientPharmacy } from '@portal/shared/medicines';
import type { TPrescription, TPrescriptionData } from '@portal/shared/prescription';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';
import { etagOf, saveRequest } from '../../lib/api/etag.ts';
import { patientUrl } from '../../lib/api/patient-url.ts';
import type { PatientArgs, ViewerArgs } from '../../lib/api/viewer-args.ts';

/** The most items one list request asks for (the API's page limit). */
const PAGE_SIZE = 200;

const clinicalBase = api.enhanceEndpoints({
  addTagTypes: ['Allergy', 'Prescription', 'PatientPharmacy'],
});

/**
 * A patient's allergies and prescriptions. Every screen here says itself when a call
 * fails (and the prescription form turns the allergy warning into a question), so no call leads
 * away to an error page.
 */
export const clinicalApi = clinicalBase.injectEndpoints({
  endpoints: handlingOwnErrors((build) => ({
    listAllergies: build.query<TAllergy[], PatientArgs>({
      query: ({ patientId }) => ({
        url: patientUrl(patientId, 'allergies'),
        params: { limit: PAGE_SIZE },
      }),
      providesTags: (_result, _error, { patientId }) => [{ type: 'Allergy', id: patientId }],
    }),
    saveAllergy: build.mutation<
      TAllergy,
      { patientId: string; allergy?: TAllergy; input: TAllergyData }
    >({
      query: ({ patientId, allergy, input }) =>
        saveRequest(patientUrl(patientId, 'allergies'), allergy, input),
      // An allergy changes which prescriptions warn: both lists are read again.
      invalidatesTags: (_result, _error, { patientId }) => [
        { type: 'Allergy', id: patientId },
        { type: 'Prescription', id: patientId },
      ],
    }),
    listActivePrescriptions: build.query<TPrescription[], PatientArgs>({
      query: ({ patientId }) => ({
        url: patientUrl(patientId, 'prescriptions'),
        params: { status: 'active', limit: PAGE_SIZE },
      }),
      providesTags: (_result, _error, { patientId }) => [{ type: 'Prescription', id: patientId }],
    }),
    savePrescription: build.mutation<
      TPrescription,
      { patientId: string; prescription?: TPrescription; input: TPrescriptionData }
    >({
      query: ({ patientId, prescription, input }) =>
        saveRequest(patientUrl(patientId, 'prescriptions'), prescription, input),
      invalidatesTags: (result, _error, { patientId }) =>
        result ? [{ type: 'Prescription', id: patientId }] : [],
    }),
    stopPrescription: build.mutation<
      TPrescription,
      { prescription: TPrescription; reason: string }
    >({
      query: ({ prescription, reason }) => ({
        url: patientUrl(prescription.patientId, 'prescriptions', prescription._id, 'stop'),
        method: 'POST',
        body: { reason },
        headers: { 'If-Match': etagOf(prescription) },
      }),
      invalidatesTags: (_result, _error, { prescription }) => [
        { type: 'Prescription', id: prescription.patientId },
      ],
    }),
    /** The pharmacy the patient chose (the one their prescriptions were last sent to). */
    getPatientPharmacy: build.query<TPatientPharmacy, PatientArgs>({
      query: ({ patientId }) => patientUrl(patientId, 'pharmacy'),
      providesTags: (_result, _error, { patientId }) => [
        { type: 'PatientPharmacy', id: patientId },
      ],
    }),
    /** Sends the prescription on to that pharmacy, as the patient would from Buy Medicine. */
    sendToPatientPharmacy: build.mutation<
      TPrescription,
      { prescription: TPrescription; facilityId: string }
    >({
      query: ({ prescription, facilityId }) => ({
        url: patientUrl(prescription.patientId, 'prescriptions', prescription._id, 'pharmacy'),
        method: 'POST',
        body: { facilityId },
      }),
      invalidatesTags: (_result, _error, { prescription }) => [
        { type: 'Prescription', id: prescription.patientId },
        { type: 'PatientPharmacy', id: prescription.patientId },
      ],
    }),
    suggestMedications: build.query<string[], ViewerArgs & { query: string }>({
      query: ({ query }) => ({ url: '/records/medications', params: { query } }),
    }),
  })),
});

export const {
  useListAllergiesQuery,
  useSaveAllergyMutation,
  useListActivePrescriptionsQuery,
  useSavePrescriptionMutation,
  useStopPrescriptionMutation,
  useGetPatientPharmacyQuery,
  useSendToPatientPharmacyMutation,
  useSuggestMedicationsQuery,
} = clinicalApi;
