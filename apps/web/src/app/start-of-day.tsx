import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { kindLabel, statusLabel } from '../features/appointments/appointment-text.ts';
import {
  useGetScheduleQuery,
  useListAppointmentsQuery,
  useListRequestsQuery,
} from '../features/appointments/appointments-api.ts';
import { isPremiumRequired, useGetTodayQuery } from '../features/care-plans/care-plans-api.ts';
import { useListRemindersQuery } from '../features/reminders/reminders-api.ts';
import { DueActivities } from '../features/start/due-activities.tsx';
import { OpenRequests, type OpenRequest } from '../features/start/open-requests.tsx';
import { dayIn } from '../features/start/start-day.ts';
import { StartPanels } from '../features/start/start-panel.tsx';
import { TodayAppointments, type DayAppointment } from '../features/start/today-appointments.tsx';
import { UnreadReminders } from '../features/start/unread-reminders.tsx';
import { toWallTime } from '@portal/shared/zoned-time';
import { useAppSelector } from './hooks.ts';

/**
 * The practitioner's day above the patient list: requests from online booking waiting for an
 * answer (first, while there are any), today's appointments, the care-plan activities due and the
 * unread reminders, each from its own feature's endpoints (the same calls, so the
 * same cached answers, as the agenda, the Today page and the bell). Each panel loads on its own.
 */
export function StartOfDay() {
  const isMember = useAppSelector((state) => state.auth.userData?.premiumMember === true);
  return (
    <StartPanels>
      <RequestsToConfirm />
      <AppointmentsToday />
      <ActivitiesDue isMember={isMember} />
      {isMember && <RemindersUnread />}
    </StartPanels>
  );
}

function RequestsToConfirm() {
  const { t } = useTranslation('appointments');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const schedule = useGetScheduleQuery();
  const timeZone = schedule.data?.timeZone;
  const requests = useListRequestsQuery({ viewer });
  const shown: OpenRequest[] | undefined =
    timeZone === undefined
      ? undefined
      : requests.currentData?.appointments.map((appointment) => ({
          id: appointment._id,
          patientId: appointment.patientId,
          patientName: appointment.patientName,
          start: appointment.start,
          end: appointment.end,
          kind: kindLabel(t, appointment.kind),
          reason: appointment.reason,
          expiresAt: appointment.requestExpiresAt,
          agendaPath: `/appointments?view=day&date=${toWallTime(appointment.start, timeZone).date}`,
        }));
  return (
    <OpenRequests
      timeZone={timeZone}
      requests={shown}
      total={requests.currentData?.total}
      hasFailed={requests.isError && !requests.isFetching}
      onRetry={() => void requests.refetch()}
    />
  );
}

function AppointmentsToday() {
  const { t } = useTranslation('appointments');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const schedule = useGetScheduleQuery();
  const timeZone = schedule.data?.timeZone;
  // Fixed for the life of the view: a new instant on each render would be a new request.
  const [now] = useState(() => new Date());
  const day = timeZone ? dayIn(timeZone, now) : undefined;
  const agenda = useListAppointmentsQuery(day ? { viewer, from: day.from, to: day.to } : skipToken);
  const appointments: DayAppointment[] | undefined = agenda.currentData?.appointments.map(
    (appointment) => ({
      id: appointment._id,
      patientId: appointment.patientId,
      patientName: appointment.patientName,
      start: appointment.start,
      end: appointment.end,
      kind: kindLabel(t, appointment.kind),
      status: statusLabel(t, appointment.status),
    }),
  );
  return (
    <TodayAppointments
      timeZone={timeZone}
      appointments={appointments}
      total={agenda.currentData?.total}
      hasFailed={
        (schedule.isError && !schedule.isFetching) || (agenda.isError && !agenda.isFetching)
      }
      onRetry={() => void (schedule.isError ? schedule.refetch() : agenda.refetch())}
    />
  );
}

function ActivitiesDue({ isMember }: { isMember: boolean }) {
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const today = useGetTodayQuery({ viewer }, { skip: !isMember });
  // A 402 means the membership ended meanwhile: Premier is offered, not an error.
  const isGated = !isMember || (today.isError && isPremiumRequired(today.error));
  return (
    <DueActivities
      isMember={!isGated}
      today={today.currentData}
      hasFailed={today.isError && !today.isFetching}
      onRetry={() => void today.refetch()}
    />
  );
}

function RemindersUnread() {
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  // The bell's own call and cache entry: its polling keeps this panel current too.
  const reminders = useListRemindersQuery(viewer);
  if (reminders.isError && isPremiumRequired(reminders.error)) return null;
  return (
    <UnreadReminders
      list={reminders.currentData}
      hasFailed={reminders.isError && !reminders.isFetching}
      onRetry={() => void reminders.refetch()}
    />
  );
}
