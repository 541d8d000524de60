import { useAppSelector } from '../app/hooks.ts';
import { api, handlingOwnErrors } from '../lib/api/api.ts';
import { saveRequest } from '../lib/api/etag.ts';
import { patientUrl } from '../lib/api/patient-url.ts';
import type { PatientArgs } from '../lib/api/viewer-args.ts';

/** The most items one list request asks for (the API's page limit). */
const PAGE_SIZE = 200;

// One tag type for every kind: a list is tagged by its kind's path and patient; the timeline by
// the patient alone, so any save reads both again.
const kindBase = api.enhanceEndpoints({ addTagTypes: ['PatientItem'] });
const listTag = (segment: string, patientId: string) => ({
  type: 'PatientItem' as const,
  id: `${segment} ${patientId}`,
});

/**
 * The items of any patient-owned kind, by its path under the patient (`segment`). Its section
 * says itself when a call fails, so no call leads away to an error page.
 */
const kindApi = kindBase.injectEndpoints({
  endpoints: handlingOwnErrors((build) => ({
    listPatientItems: build.query<unknown[], PatientArgs & { segment: string }>({
      query: ({ patientId, segment }) => ({
        url: patientUrl(patientId, segment),
        params: { limit: PAGE_SIZE },
      }),
      providesTags: (_result, _error, { patientId, segment }) => [listTag(segment, patientId)],
    }),
    savePatientItem: build.mutation<
      unknown,
      {
        segment: string;
        patientId: string;
        item?: { _id: string; updatedAt: string };
        input: unknown;
      }
    >({
      query: ({ segment, patientId, item, input }) =>
        saveRequest(patientUrl(patientId, segment), item, input),
      invalidatesTags: (result, _error, { patientId, segment }) =>
        result ? [listTag(segment, patientId), { type: 'PatientItem', id: patientId }] : [],
    }),
  })),
});

/** The patient's items of one kind, as the API lists them (newest created first). */
export function usePatientItems<Item>(segment: string, patientId: string) {
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = kindApi.useListPatientItemsQuery({ viewer, patientId, segment });
  return { ...query, currentData: query.currentData as Item[] | undefined };
}

/** Saves one item of a kind: a POST for a new one, a PUT with If-Match for a change. */
export function useSavePatientItem<Item extends { _id: string; updatedAt: string }, Input>(
  segment: string,
) {
  const [save] = kindApi.useSavePatientItemMutation();
  return (args: { patientId: string; item?: Item; input: Input }) =>
    save({ segment, ...args }).unwrap() as Promise<Item>;
}
