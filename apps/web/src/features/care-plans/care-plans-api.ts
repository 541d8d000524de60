import type {
  TCarePlan,
  TCarePlanData,
  TOccurrence,
  TOccurrenceMarkInput,
  TToday,
} from '@portal/shared/care-plan';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';
import { saveRequest } from '../../lib/api/etag.ts';
import { patientUrl } from '../../lib/api/patient-url.ts';
import type { PatientArgs, ViewerArgs } from '../../lib/api/viewer-args.ts';
import { apiErrorOf } from '../../lib/api/api-error-of.ts';

const base = (patientId: string, ...rest: string[]) => patientUrl(patientId, 'care-plans', ...rest);

/** Whether a failed call was the members-only gate (premium ended meanwhile, say). */
export const isPremiumRequired = (error: unknown) => apiErrorOf(error)?.code === 'PREMIUM_REQUIRED';

const carePlanBase = api.enhanceEndpoints({ addTagTypes: ['CarePlan', 'Occurrence'] });

/**
 * Care plans, their occurrences and Today (premium members only). Each screen says
 * itself when a call fails, and explains premium on a 402, so no call leads to an error page.
 */
export const carePlansApi = carePlanBase.injectEndpoints({
  endpoints: handlingOwnErrors((build) => ({
    listCarePlans: build.query<TCarePlan[], PatientArgs>({
      query: ({ patientId }) => ({ url: base(patientId), params: { limit: 200 } }),
      providesTags: (_result, _error, { patientId }) => [{ type: 'CarePlan', id: patientId }],
    }),
    saveCarePlan: build.mutation<
      TCarePlan,
      { patientId: string; plan?: TCarePlan; input: TCarePlanData }
    >({
      query: ({ patientId, plan, input }) => saveRequest(base(patientId), plan, input),
      invalidatesTags: (_result, _error, { patientId }) => [
        { type: 'CarePlan', id: patientId },
        'Occurrence',
      ],
    }),
    listOccurrences: build.query<
      TOccurrence[],
      { patientId: string; carePlanId: string; from: string; to: string }
    >({
      query: ({ patientId, carePlanId, from, to }) => ({
        url: base(patientId, carePlanId, 'occurrences'),
        params: { from, to },
      }),
      providesTags: ['Occurrence'],
    }),
    markOccurrence: build.mutation<
      TOccurrence,
      { patientId: string; carePlanId: string; input: TOccurrenceMarkInput }
    >({
      query: ({ patientId, carePlanId, input }) => ({
        url: base(patientId, carePlanId, 'occurrences'),
        method: 'PUT',
        body: input,
      }),
      invalidatesTags: ['Occurrence'],
    }),
    getToday: build.query<TToday, ViewerArgs>({
      query: () => '/premier/today',
      providesTags: ['Occurrence'],
    }),
  })),
});

export const {
  useListCarePlansQuery,
  useSaveCarePlanMutation,
  useListOccurrencesQuery,
  useMarkOccurrenceMutation,
  useGetTodayQuery,
} = carePlansApi;
