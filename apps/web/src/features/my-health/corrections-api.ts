import type { TCorrection, TCorrectionRequestBody } from '@portal/shared/correction';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';
import { patientUrl } from '../../lib/api/patient-url.ts';
import type { PatientArgs } from '../../lib/api/viewer-args.ts';
import type { TItems } from './api-types.ts';

/**
 * Correction requests of one record, as the linked person asks them and the practitioner answers
 * them. Both sides' lists carry the record's tag, so an answer given in the chart or a request
 * sent from My health shows in the other list at its next read. The linked person's list also
 * carries 'MyHealth', so leaving a record drops it with the rest.
 */
const base = api.enhanceEndpoints({ addTagTypes: ['Corrections', 'MyHealth'] });

const tagOf = (patientId: string) => ({ type: 'Corrections' as const, id: patientId });

interface AnswerArgs {
  patientId: string;
  correctionId: string;
}

export const correctionsApi = base.injectEndpoints({
  // Both screens say themselves what failed: a refusal never leads away from the record.
  endpoints: handlingOwnErrors((build) => ({
    getMyCorrections: build.query<TCorrection[], PatientArgs>({
      query: ({ patientId }) => `/me/patients/${encodeURIComponent(patientId)}/corrections`,
      transformResponse: (answer: TItems<TCorrection>) => answer.items,
      providesTags: (_result, _error, { patientId }) => [tagOf(patientId), 'MyHealth'],
    }),
    requestCorrection: build.mutation<TCorrection, { patientId: string } & TCorrectionRequestBody>({
      query: ({ patientId, ...body }) => ({
        url: `/me/patients/${encodeURIComponent(patientId)}/corrections`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { patientId }) => [tagOf(patientId)],
    }),
    getCorrectionRequests: build.query<TCorrection[], PatientArgs>({
      query: ({ patientId }) => patientUrl(patientId, 'corrections'),
      transformResponse: (answer: TItems<TCorrection>) => answer.items,
      providesTags: (_result, _error, { patientId }) => [tagOf(patientId)],
    }),
    acceptCorrection: build.mutation<TCorrection, AnswerArgs & { answer: string }>({
      query: ({ patientId, correctionId, answer }) => ({
        url: patientUrl(patientId, 'corrections', correctionId, 'accept'),
        method: 'POST',
        body: { answer },
      }),
      // A refusal (answered meanwhile, gone) also refreshes: the list then shows the truth.
      invalidatesTags: (_result, _error, { patientId }) => [tagOf(patientId)],
    }),
    declineCorrection: build.mutation<TCorrection, AnswerArgs & { reason: string }>({
      query: ({ patientId, correctionId, reason }) => ({
        url: patientUrl(patientId, 'corrections', correctionId, 'decline'),
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_result, _error, { patientId }) => [tagOf(patientId)],
    }),
  })),
});

export const {
  useGetMyCorrectionsQuery,
  useRequestCorrectionMutation,
  useGetCorrectionRequestsQuery,
  useAcceptCorrectionMutation,
  useDeclineCorrectionMutation,
} = correctionsApi;
