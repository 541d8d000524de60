import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSearchParams } from 'react-router';
import type { TAppointment } from '@portal/shared/appointment';
import {
  addDays,
  fromWallTime,
  isCalendarDate,
  toWallTime,
  weekdayOf,
  WEEKDAYS,
} from '@portal/shared/zoned-time';
import { useAppSelector } from '../../app/hooks.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import type { AgendaHandlers } from './agenda-day.tsx';
import { AgendaGrid } from './agenda-grid.tsx';
import { formatDay, formatDays, formatTimes, formatWhen, isolate } from './appointment-text.ts';
import {
  useCancelAppointmentMutation,
  useConfirmRequestMutation,
  useDeclineRequestMutation,
  useListAppointmentsQuery,
  useUpdateAppointmentMutation,
  type Schedule,
} from './appointments-api.ts';
import { LoadStatus, SchedulePage } from './schedule-page.tsx';
import styles from './appointments.module.css';

type View = 'day' | 'week';

/** `/appointments`: the practitioner's day or week, on the practitioner's clock. */
export function AgendaPage() {
  const { t } = useTranslation('appointments');
  return <SchedulePage title={t('agenda.title')} content={Agenda} />;
}

/** The Monday of the week a day is in (ISO weeks, as the working hours are kept). */
function mondayOf(date: string): string {
  return addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
}

function Agenda({ schedule }: { schedule: Schedule }) {
  const { t, i18n } = useTranslation('appointments');
  const language = i18n.language;
  const { timeZone } = schedule;
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const [params, setParams] = useSearchParams();
  const today = toWallTime(new Date(), timeZone).date;
  const view: View = params.get('view') === 'week' ? 'week' : 'day';
  const dateParam = params.get('date');
  const date = dateParam && isCalendarDate(dateParam) ? dateParam : today;
  const first = view === 'week' ? mondayOf(date) : date;
  const days = Array.from({ length: view === 'week' ? 7 : 1 }, (_, i) => addDays(first, i));
  const last = days[days.length - 1]!;
  const from = fromWallTime({ date: first, time: '00:00' }, timeZone).toISOString();
  const to = fromWallTime({ date: addDays(last, 1), time: '00:00' }, timeZone).toISOString();
  const agenda = useListAppointmentsQuery({ viewer, from, to });
  const [focus, setFocus] = useState({ id: '', request: 0 });
  const [busyId, setBusyId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [update] = useUpdateAppointmentMutation();
  const [cancel] = useCancelAppointmentMutation();
  const [confirmRequest] = useConfirmRequestMutation();
  const [declineRequest] = useDeclineRequestMutation();
  const rangeLabel =
    view === 'week' ? formatDays(first, last, language) : formatDay(first, language);
  const isAnnouncePending = useRef(false);

  // After moving to another day or week, its name and count are read once it has loaded.
  const loaded = agenda.currentData && !agenda.isFetching ? agenda.currentData : undefined;
  useEffect(() => {
    if (!loaded || !isAnnouncePending.current) return;
    isAnnouncePending.current = false;
    announce(t('agenda.shown', { range: rangeLabel, count: loaded.appointments.length }));
  }, [loaded, rangeLabel, t]);

  function go(next: { view?: View; date?: string }) {
    isAnnouncePending.current = true;
    setFailure(null);
    setParams({ view: next.view ?? view, date: next.date ?? date });
  }

  function focusOn(appointment: TAppointment) {
    setFocus((current) => ({ id: appointment._id, request: current.request + 1 }));
  }

  function failed(error: unknown) {
    const code = apiErrorOf(error)?.code;
    const key =
      code === 'APPOINTMENT_CHANGED'
        ? 'agenda.changed'
        : code === 'APPOINTMENT_NOT_REQUESTED' || code === 'APPOINTMENT_REQUEST_TOO_LATE'
          ? 'requests.notOpen'
          : 'agenda.failed';
    setFailure(t(key));
  }

  const describe = (appointment: TAppointment) => ({
    patient: isolate(appointment.patientName),
    time: formatTimes(appointment, timeZone, language),
  });

  /** One change at a time per appointment; the result is read out, focus stays on it. */
  async function change(appointment: TAppointment, save: () => Promise<unknown>, done: string) {
    setBusyId(appointment._id);
    setFailure(null);
    try {
      await save();
      announce(t(done, describe(appointment)));
    } catch (error) {
      failed(error);
    } finally {
      setBusyId(null);
      focusOn(appointment);
    }
  }

  const handlers: AgendaHandlers = {
    onStatus(appointment, status) {
      void change(
        appointment,
        () => update({ ...appointment, changes: { status } }).unwrap(),
        `done.${status}`,
      );
    },
    onCancel(appointment) {
      void change(appointment, () => cancel(appointment).unwrap(), 'done.cancelled');
    },
    onConfirm(appointment) {
      void change(appointment, () => confirmRequest(appointment).unwrap(), 'done.confirmed');
    },
    onDecline(appointment, message) {
      void change(
        appointment,
        () => declineRequest({ ...appointment, message }).unwrap(),
        'done.declined',
      );
    },
    onRescheduled(moved) {
      announce(
        t('done.rescheduled', {
          patient: isolate(moved.patientName),
          when: formatWhen(moved.start, timeZone, language),
        }),
      );
      const day = toWallTime(moved.start, timeZone).date;
      if (!days.includes(day)) setParams({ view, date: day });
      focusOn(moved);
    },
  };

  const byDay = new Map<string, TAppointment[]>();
  for (const appointment of agenda.currentData?.appointments ?? []) {
    const day = toWallTime(appointment.start, timeZone).date;
    byDay.set(day, [...(byDay.get(day) ?? []), appointment]);
  }
  const previous = view === 'week' ? 'agenda.previousWeek' : 'agenda.previousDay';
  const next = view === 'week' ? 'agenda.nextWeek' : 'agenda.nextDay';
  const step = view === 'week' ? 7 : 1;

  const hasFailed = agenda.isError && !agenda.isFetching;
  let body;
  if (hasFailed || !agenda.currentData) {
    body = <LoadStatus texts="agenda" isError={hasFailed} onRetry={() => void agenda.refetch()} />;
  } else {
    body = (
      <AgendaGrid
        days={days}
        today={today}
        byDay={byDay}
        schedule={schedule}
        hasHeadings={view === 'week'}
        focus={focus}
        busyId={busyId}
        handlers={handlers}
      />
    );
  }

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <div className={styles.actions} role="group" aria-label={t('agenda.view')}>
          {(['day', 'week'] as const).map((option) => (
            <Button
              key={option}
              variant={view === option ? 'primary' : 'secondary'}
              aria-pressed={view === option}
              onClick={() => go({ view: option })}
            >
              {t(`agenda.${option}`)}
            </Button>
          ))}
        </div>
        <div className={styles.actions} role="group" aria-label={t('agenda.move')}>
          <Button variant="secondary" onClick={() => go({ date: addDays(date, -step) })}>
            {t(previous)}
          </Button>
          <Button variant="secondary" onClick={() => go({ date: today })}>
            {t('agenda.today')}
          </Button>
          <Button variant="secondary" onClick={() => go({ date: addDays(date, step) })}>
            {t(next)}
          </Button>
        </div>
        <FormField id="agenda-date" label={t('agenda.goTo')}>
          {(props) => (
            <input
              type="date"
              value={date}
              onChange={(event) => {
                if (isCalendarDate(event.target.value)) go({ date: event.target.value });
              }}
              {...props}
            />
          )}
        </FormField>
        <ButtonLink to={`/book-appointment?date=${date}`}>{t('agenda.book')}</ButtonLink>
      </div>
      <div>
        <h2 className={styles.range}>
          {rangeLabel}
          {view === 'day' && date === today && ` · ${t('agenda.today')}`}
        </h2>
        <p className={styles.hint}>{t('time.zone', { timeZone })}</p>
      </div>
      {failure && (
        <p role="alert" className={styles.alert}>
          {failure}
        </p>
      )}
      {agenda.currentData && agenda.currentData.total > agenda.currentData.appointments.length && (
        <p className={styles.warning}>
          {t('agenda.truncated', {
            shown: agenda.currentData.appointments.length,
            total: agenda.currentData.total,
          })}
        </p>
      )}
      <div aria-busy={agenda.isFetching}>{body}</div>
    </div>
  );
}
