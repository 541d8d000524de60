import { nextCursorFrom } from '../../lib/api/link-header.ts';
import type { TPatient, TPatientData } from '@portal/shared/patient';
import { api } from '../../lib/api/api.ts';
import { patientUrl } from '../../lib/api/patient-url.ts';
import { headerOf, totalCountOf } from '../../lib/api/response-headers.ts';
import type { ViewerArgs } from '../../lib/api/viewer-args.ts';

export const PAGE_SIZE = 50;

export interface PatientPageArgs extends ViewerArgs {
  q: string;
  cursor?: string;
}

export interface PatientPage {
  patients: TPatient[];
  /** From `X-Total-Count`: every match, not just this page. */
  total: number;
  /** The opaque cursor of the next page, from `Link: <…>; rel="next"`; absent on the last page. */
  nextCursor?: string;
}

export interface PatientWithEtag {
  patient: TPatient;
  /** The `ETag` the API sent with this version; sent back as `If-Match` on update. */
  etag: string | null;
}

/** A non-blocking note on a successful create, e.g. a likely duplicate. */
export interface SaveWarning {
  code?: string;
  message: string;
}

export interface CreateResult {
  patient: TPatient;
  warnings: SaveWarning[];
}

export interface AuditEvent {
  id: string | number;
  /** Who acted: the viewer, or a person linked to one of the viewer's patients. */
  actorId?: string;
  actorName?: string | null;
  actorRole?: 'practitioner' | 'patient';
  action: string;
  outcome: string;
  patientId: string | null;
  /** Null when the patient is gone for good or was never the viewer's (see ZAuditEvent). */
  patientName: string | null;
  createdAt: string;
}

export interface AuditPage {
  events: AuditEvent[];
  total: number | null;
  nextCursor?: string;
}

function toWarnings(value: unknown): SaveWarning[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): SaveWarning[] => {
    if (typeof entry === 'string') return [{ message: entry }];
    if (entry && typeof entry === 'object') {
      const { code, message } = entry as { code?: unknown; message?: unknown };
      return [
        {
          ...(typeof code === 'string' && { code }),
          message: typeof message === 'string' ? message : '',
        },
      ];
    }
    return [];
  });
}

export const patientsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPatients: build.query<PatientPage, PatientPageArgs>({
      query: ({ q, cursor }) => ({
        url: '/records/patients',
        params: { limit: PAGE_SIZE, ...(q && { q }), ...(cursor && { cursor }) },
      }),
      transformResponse: (patients: TPatient[], meta) => {
        const nextCursor = nextCursorFrom(headerOf(meta, 'Link'));
        return {
          patients,
          total: totalCountOf(meta) ?? patients.length,
          ...(nextCursor && { nextCursor }),
        };
      },
      providesTags: (result) => [
        { type: 'Patient' as const, id: 'LIST' },
        ...(result?.patients.map((p) => ({ type: 'Patient' as const, id: p._id })) ?? []),
      ],
    }),
    getPatient: build.query<PatientWithEtag, string>({
      // Its screens say themselves that a patient is not there (the chart, the print page).
      extraOptions: { handlesOwnErrors: true },
      query: (id) => patientUrl(id),
      transformResponse: (patient: TPatient, meta) => ({
        patient,
        etag: headerOf(meta, 'ETag'),
      }),
      providesTags: (_result, _error, id) => [{ type: 'Patient', id }],
    }),
    createPatient: build.mutation<CreateResult, TPatientData>({
      extraOptions: { handlesOwnErrors: true },
      query: (body) => ({ url: '/records/patients', method: 'POST', body }),
      transformResponse: (body: TPatient & { warnings?: unknown }) => {
        const { warnings, ...patient } = body;
        return { patient, warnings: toWarnings(warnings) };
      },
      // A failed save changes nothing on the server; refetching would only reset the form.
      invalidatesTags: (_result, error) =>
        error ? ['Audit'] : [{ type: 'Patient', id: 'LIST' }, 'Audit'],
    }),
    updatePatient: build.mutation<
      TPatient,
      { id: string; input: TPatientData; etag: string | null }
    >({
      extraOptions: { handlesOwnErrors: true },
      query: ({ id, input, etag }) => ({
        url: patientUrl(id),
        method: 'PUT',
        body: input,
        ...(etag && { headers: { 'If-Match': etag } }),
      }),
      // Not on failure: after a 409 the form keeps the user's edits beside the message.
      invalidatesTags: (_result, error, { id }) =>
        error ? ['Audit'] : [{ type: 'Patient', id }, { type: 'Patient', id: 'LIST' }, 'Audit'],
    }),
    deletePatient: build.mutation<void, string>({
      extraOptions: { handlesOwnErrors: true },
      query: (id) => ({ url: patientUrl(id), method: 'DELETE' }),
      /** The row leaves every cached page at once; a failure puts it back. */
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const cached = patientsApi.util.selectCachedArgsForQuery(getState(), 'listPatients');
        const patches = cached.map((args) =>
          dispatch(
            patientsApi.util.updateQueryData('listPatients', args, (page) => {
              const before = page.patients.length;
              page.patients = page.patients.filter((p) => p._id !== id);
              if (page.patients.length < before) page.total = Math.max(0, page.total - 1);
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch (error) {
          for (const patch of patches) patch.undo();
          // A failed delete goes to the error handler only, with no message of its own: the
          // patient simply comes back into the list.
          console.error('Deleting a patient failed', error);
        }
      },
      invalidatesTags: (_result, _error, id) => [
        { type: 'Patient', id: 'LIST' },
        { type: 'Patient', id },
        'Audit',
      ],
    }),
    restorePatient: build.mutation<TPatient, string>({
      extraOptions: { handlesOwnErrors: true },
      query: (id) => ({
        url: patientUrl(id, 'restore'),
        method: 'POST',
      }),
      invalidatesTags: (_result, error) =>
        error ? ['Audit'] : [{ type: 'Patient', id: 'LIST' }, 'Audit'],
    }),
    listAuditEvents: build.query<AuditPage, ViewerArgs & { cursor?: string }>({
      query: ({ cursor }) => ({
        url: '/records/audit',
        params: { limit: PAGE_SIZE, ...(cursor && { cursor }) },
      }),
      transformResponse: (events: AuditEvent[], meta) => {
        const nextCursor = nextCursorFrom(headerOf(meta, 'Link'));
        return { events, total: totalCountOf(meta), ...(nextCursor && { nextCursor }) };
      },
      providesTags: ['Audit'],
    }),
  }),
});

export const {
  useListPatientsQuery,
  useGetPatientQuery,
  useCreatePatientMutation,
  useUpdatePatientMutation,
  useDeletePatientMutation,
  useRestorePatientMutation,
  useListAuditEventsQuery,
} = patientsApi;
