import type { TVitalsSeries } from '@portal/shared/vitals';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';
import { patientUrl } from '../../lib/api/patient-url.ts';
import type { PatientArgs } from '../../lib/api/viewer-args.ts';

/**
 * The patient's weight and blood pressure over time (`GET …/vitals`, oldest first). Tagged like
 * the visits list ('Visit', by patient), so a visit just recorded redraws the chart.
 */
const vitalsBase = api.enhanceEndpoints({ addTagTypes: ['Visit'] });

export const vitalsApi = vitalsBase.injectEndpoints({
  // The section says itself when it fails, so the call never leads away.
  endpoints: handlingOwnErrors((build) => ({
    getVitals: build.query<TVitalsSeries, PatientArgs>({
      query: ({ patientId }) => ({
        url: patientUrl(patientId, 'vitals'),
      }),
      providesTags: (_result, _error, { patientId }) => [{ type: 'Visit', id: patientId }],
    }),
  })),
});

export const { useGetVitalsQuery } = vitalsApi;
