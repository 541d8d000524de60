import { nextCursorFrom } from '../../lib/api/link-header.ts';
import type { TTimelineEntry } from '@portal/shared/timeline';
import { api } from '../../lib/api/api.ts';
import { patientUrl } from '../../lib/api/patient-url.ts';
import { headerOf, totalCountOf } from '../../lib/api/response-headers.ts';
import type { PatientArgs } from '../../lib/api/viewer-args.ts';

/** Entries per request: a screenful; 'Show older entries' reads the next page. */
export const TIMELINE_PAGE = 20;

export interface TimelinePage {
  entries: TTimelineEntry[];
  /** From `X-Total-Count`. */
  total: number;
  /** The `cursor` of the `Link: <…>; rel="next"` header; null on the last page. */
  nextCursor: string | null;
}

// The tags of the lists whose changes show up in the timeline: a visit recorded, a
// prescription written or stopped, an allergy recorded, an appointment booked or moved, a care
// plan saved or one of its occurrences marked, an item of any other patient-owned kind saved
// (`PatientItem`, by patient).
const timelineBase = api.enhanceEndpoints({
  addTagTypes: [
    'Visit',
    'Prescription',
    'Allergy',
    'Appointment',
    'CarePlan',
    'Occurrence',
    'PatientItem',
  ],
});

/** The patient's timeline; the section says itself when a call fails. */
export const timelineApi = timelineBase.injectEndpoints({
  endpoints: (build) => ({
    listTimeline: build.infiniteQuery<TimelinePage, PatientArgs, string | null>({
      extraOptions: { handlesOwnErrors: true },
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg: { patientId }, pageParam }) => ({
        url: patientUrl(patientId, 'timeline'),
        params: pageParam ? { limit: TIMELINE_PAGE, cursor: pageParam } : { limit: TIMELINE_PAGE },
      }),
      transformResponse: (entries: TTimelineEntry[], meta) => ({
        entries,
        total: totalCountOf(meta) ?? entries.length,
        nextCursor: nextCursorFrom(headerOf(meta, 'Link')) ?? null,
      }),
      providesTags: (_result, _error, { patientId }) => [
        { type: 'Visit', id: patientId },
        { type: 'Prescription', id: patientId },
        { type: 'Allergy', id: patientId },
        { type: 'Appointment', id: 'LIST' },
        { type: 'CarePlan', id: patientId },
        'Occurrence',
        { type: 'PatientItem', id: patientId },
      ],
    }),
  }),
});

export const { useListTimelineInfiniteQuery } = timelineApi;
