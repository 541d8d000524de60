import type { TAppointment, TAppointmentData, TFreeSlots } from '@portal/shared/appointment';
import type { TPatient } from '@portal/shared/patient';
import type { TScheduleSettings } from '@portal/shared/profile';
import type { TUser } from '@portal/shared/user';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';
import { etagOf } from '../../lib/api/etag.ts';
import { patientUrl } from '../../lib/api/patient-url.ts';
import { totalCountOf } from '../../lib/api/response-headers.ts';
import type { ViewerArgs } from '../../lib/api/viewer-args.ts';

/** The most appointments one agenda request asks for (the API's page limit). */
export const AGENDA_PAGE_SIZE = 200;
/** Patients offered while searching in the booking form. */
export const PATIENT_MATCHES = 8;

export interface AgendaArgs extends ViewerArgs {
  /** UTC instants, ISO 8601: the range [from, to). */
  from: string;
  to: string;
  patientId?: string;
}

export interface Agenda {
  appointments: TAppointment[];
  /** From `X-Total-Count`: more than `appointments.length` when the range holds more than a page. */
  total: number;
}

/** The schedule settings the agenda needs, as the profile answers them. */
export type Schedule = Pick<TUser, '_id'> & TScheduleSettings;

/** The fields a PUT sends back: the whole appointment, as `ZAppointmentInput` takes it. */
export function inputOf(appointment: TAppointment): TAppointmentData {
  const { patientId, start, duration, kind, reason, note, status } = appointment;
  // Only an online booking makes a request; saving one confirms it (the PUT takes no `requested`).
  return {
    patientId,
    start,
    duration,
    kind,
    reason,
    note,
    status: status === 'requested' ? 'booked' : status,
  };
}

const appointmentsBase = api.enhanceEndpoints({ addTagTypes: ['Appointment'] });

/**
 * Every screen here says itself when a call fails (a retry, or 'another time' when the free
 * times cannot be loaded), so no call leads away to an error page; an expired session is still
 * handled by the base query.
 */
export const appointmentsApi = appointmentsBase.injectEndpoints({
  endpoints: handlingOwnErrors((build) => ({
    getSchedule: build.query<Schedule, void>({
      query: () => '/user/profile',
      transformResponse: ({ user }: { user: TUser & TScheduleSettings }) => ({
        _id: user._id,
        timeZone: user.timeZone,
        workingHours: user.workingHours,
        reminderMinutes: user.reminderMinutes,
        calendarFullNames: user.calendarFullNames,
        reminderHours: user.reminderHours,
      }),
      providesTags: ['User'],
    }),
    listAppointments: build.query<Agenda, AgendaArgs>({
      query: ({ from, to, patientId }) => ({
        url: '/appointments',
        params: { from, to, limit: AGENDA_PAGE_SIZE, ...(patientId && { patientId }) },
      }),
      transformResponse: (appointments: TAppointment[], meta) => ({
        appointments,
        total: totalCountOf(meta) ?? appointments.length,
      }),
      providesTags: (result) => [
        { type: 'Appointment' as const, id: 'LIST' },
        ...(result?.appointments.map((a) => ({ type: 'Appointment' as const, id: a._id })) ?? []),
      ],
    }),
    /** One appointment with its version (the video visit's status buttons send it as If-Match). */
    getAppointment: build.query<TAppointment, ViewerArgs & { id: string }>({
      query: ({ id }) => `/appointments/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, { id }) => [{ type: 'Appointment', id }],
    }),
    getFreeSlots: build.query<TFreeSlots, ViewerArgs & { date: string; duration: number }>({
      query: ({ date, duration }) => ({
        url: '/appointments/free-slots',
        params: { date, duration },
      }),
      providesTags: [{ type: 'Appointment', id: 'LIST' }],
    }),
    findPatients: build.query<TPatient[], ViewerArgs & { q: string }>({
      query: ({ q }) => ({ url: '/records/patients', params: { q, limit: PATIENT_MATCHES } }),
      providesTags: [{ type: 'Patient', id: 'LIST' }],
    }),
    /** The patient a 'Book appointment' link names (`?patient=`); a stale id is just not chosen. */
    getPatientForBooking: build.query<TPatient, string>({
      query: (id) => patientUrl(id),
      providesTags: (_result, _error, id) => [{ type: 'Patient', id }],
    }),
    createAppointment: build.mutation<TAppointment, TAppointmentData>({
      query: (body) => ({ url: '/appointments', method: 'POST', body }),
      // Also after a conflict: the free times shown are out of date.
      invalidatesTags: [{ type: 'Appointment', id: 'LIST' }],
    }),
    updateAppointment: build.mutation<
      TAppointment,
      TAppointment & { changes: Partial<TAppointmentData> }
    >({
      query: ({ changes, ...appointment }) => ({
        url: `/appointments/${encodeURIComponent(appointment._id)}`,
        method: 'PUT',
        body: { ...inputOf(appointment), ...changes },
        headers: { 'If-Match': etagOf(appointment) },
      }),
      // A conflict or a stale version: the agenda reloads, so the reader sees what is true now.
      invalidatesTags: (_result, _error, { _id }) => [
        { type: 'Appointment', id: 'LIST' },
        { type: 'Appointment', id: _id },
      ],
    }),
    cancelAppointment: build.mutation<TAppointment, TAppointment>({
      query: (appointment) => ({
        url: `/appointments/${encodeURIComponent(appointment._id)}/cancel`,
        method: 'POST',
        headers: { 'If-Match': etagOf(appointment) },
      }),
      invalidatesTags: (_result, _error, { _id }) => [
        { type: 'Appointment', id: 'LIST' },
        { type: 'Appointment', id: _id },
      ],
    }),
    /** Open requests from online booking, soonest start first (the start page's first panel). */
    listRequests: build.query<Agenda, ViewerArgs>({
      query: () => ({ url: '/appointments/requests', params: { limit: AGENDA_PAGE_SIZE } }),
      transformResponse: (appointments: TAppointment[], meta) => ({
        appointments,
        total: totalCountOf(meta) ?? appointments.length,
      }),
      providesTags: (result) => [
        { type: 'Appointment' as const, id: 'LIST' },
        ...(result?.appointments.map((a) => ({ type: 'Appointment' as const, id: a._id })) ?? []),
      ],
    }),
    /** A request becomes booked; 409 when it changed meanwhile or is no longer a request. */
    confirmRequest: build.mutation<TAppointment, TAppointment>({
      query: (appointment) => ({
        url: `/appointments/${encodeURIComponent(appointment._id)}/confirm`,
        method: 'POST',
        headers: { 'If-Match': etagOf(appointment) },
      }),
      invalidatesTags: (_result, _error, { _id }) => [
        { type: 'Appointment', id: 'LIST' },
        { type: 'Appointment', id: _id },
      ],
    }),
    /** A request is cancelled (declined), with an optional message the patient reads. */
    declineRequest: build.mutation<TAppointment, TAppointment & { message: string }>({
      query: ({ message, ...appointment }) => ({
        url: `/appointments/${encodeURIComponent(appointment._id)}/decline`,
        method: 'POST',
        body: { message },
        headers: { 'If-Match': etagOf(appointment) },
      }),
      invalidatesTags: (_result, _error, { _id }) => [
        { type: 'Appointment', id: 'LIST' },
        { type: 'Appointment', id: _id },
      ],
    }),
  })),
});

export const {
  useListRequestsQuery,
  useConfirmRequestMutation,
  useDeclineRequestMutation,
  useGetScheduleQuery,
  useListAppointmentsQuery,
  useGetAppointmentQuery,
  useGetFreeSlotsQuery,
  useFindPatientsQuery,
  useGetPatientForBookingQuery,
  useCreateAppointmentMutation,
  useUpdateAppointmentMutation,
  useCancelAppointmentMutation,
} = appointmentsApi;
