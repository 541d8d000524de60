import type { TFunction } from '../../i18n/translator.ts';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { WEEKDAYS } from '@portal/shared/zoned-time';
import { formatNumber } from '../../i18n/format.ts';
import { weekdayName } from '../../i18n/format-date.ts';
import { announce } from '../../lib/a11y/announcer.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { Button } from '../../ui/button.tsx';
import alert from '../../ui/alert.module.css';
import pageStyles from '../../ui/page.module.css';
import { SectionListState } from '../../ui/section-list-state.tsx';
import type { TMyAppointment, TMyPatient, TMyVisit } from './api-types.ts';
import {
  useCancelMyAppointmentMutation,
  useGetMyAllergiesQuery,
  useGetMyAppointmentsQuery,
  useGetMyCarePlansQuery,
  useGetMyImmunizationsQuery,
  useGetMyPrescriptionsQuery,
  useGetMyRecordQuery,
  useGetMyVisitsQuery,
  useMarkMyOccurrenceMutation,
} from './my-health-api.ts';
import { refusalOf } from './refusal.ts';
import styles from './my-health.module.css';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

type Query<Answer> = { currentData?: Answer; isError: boolean; isFetching: boolean };

/** One section of the record: a card with its heading, then its list's state or its items. */
function RecordSection<Item>({
  name,
  query,
  children,
}: {
  name: 'appointments' | 'visits' | 'prescriptions' | 'allergies' | 'immunizations' | 'carePlans';
  query: Query<readonly Item[]>;
  children: (items: readonly Item[]) => ReactNode;
}) {
  const { t } = useTranslation('myHealth');
  const id = useId();
  return (
    <section className={`${pageStyles.card} ${styles.section}`} aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        {t(`${name}.title`)}
      </h2>
      <SectionListState
        hasFailed={query.isError && !query.isFetching}
        items={query.currentData}
        styles={styles}
        texts={{
          loadFailed: t('page.sectionFailed'),
          loading: t('page.loading'),
          empty: t(`${name}.none`),
        }}
      >
        {children}
      </SectionListState>
    </section>
  );
}

/** The sections of one linked record, in the order a visit to the practice runs. */
export function RecordSections({ patientId }: { patientId: string }) {
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const args = { viewer, patientId };
  const record = useGetMyRecordQuery(args);
  return (
    <>
      <PracticeCard record={record.currentData} hasFailed={record.isError && !record.isFetching} />
      <Appointments patientId={patientId} phone={record.currentData?.practice.phone ?? null} />
      <CarePlans patientId={patientId} />
      <Visits patientId={patientId} />
      <Prescriptions patientId={patientId} />
      <Allergies patientId={patientId} />
      <Immunizations patientId={patientId} />
    </>
  );
}

function PracticeCard({ record, hasFailed }: { record?: TMyPatient; hasFailed: boolean }) {
  const { t, i18n } = useTranslation('myHealth');
  const id = useId();
  const practice = record?.practice;
  return (
    <section className={`${pageStyles.card} ${styles.section}`} aria-labelledby={id}>
      <h2 id={id}>{t('practice.title')}</h2>
      {hasFailed ? (
        <p className={styles.error}>{t('page.sectionFailed')}</p>
      ) : !practice ? (
        <p className={styles.muted}>{t('page.loading')}</p>
      ) : (
        <address className={styles.card}>
          <p>
            <strong>
              <bdi>{practice.name ?? practice.practitionerName}</bdi>
            </strong>
          </p>
          {practice.name && (
            <p>
              <bdi>{practice.practitionerName}</bdi>
            </p>
          )}
          {addressLinesOf(practice, i18n.language).map((line) => (
            <p key={line}>
              <bdi>{line}</bdi>
            </p>
          ))}
          {practice.phone && (
            <p>
              {t('practice.phone')}{' '}
              <a href={`tel:${practice.phone.replace(/\s/g, '')}`}>
                <bdi dir="ltr">{practice.phone}</bdi>
              </a>
            </p>
          )}
          <WorkingHours hours={practice.workingHours} language={i18n.language} />
          <p className={styles.hint}>
            {practice.cancellationNoticeHours === null
              ? t('practice.noticeAtStart')
              : t('practice.notice', { count: practice.cancellationNoticeHours })}
          </p>
        </address>
      )}
    </section>
  );
}

/** The days the practice is open, each with its hours; closed days are left out. */
function WorkingHours({
  hours,
  language,
}: {
  hours: TMyPatient['practice']['workingHours'];
  language: string;
}) {
  const { t } = useTranslation('myHealth');
  const open = WEEKDAYS.flatMap((day) => {
    const times = hours[day];
    return times ? [{ day, times }] : [];
  });
  if (open.length === 0) return null;
  return (
    <>
      <p>{t('practice.hours')}</p>
      <dl className={styles.hours}>
        {open.map(({ day, times }) => (
          <div key={day}>
            <dt>{weekdayName(day, language)}</dt>
            <dd>
              <bdi dir="ltr">{`${times.start}–${times.end}`}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The practice's address as it gave it: street lines, postal code and city, the country named. */
function addressLinesOf(practice: TMyPatient['practice'], language: string): string[] {
  const country =
    practice.country &&
    (new Intl.DisplayNames([language], { type: 'region' }).of(practice.country) ??
      practice.country);
  return [
    ...(practice.street ?? '').split('\n'),
    [practice.postalCode, practice.city].filter(Boolean).join(' '),
    country ?? '',
  ].filter(Boolean);
}

function useDateTime() {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' });
  const day = dateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return {
    dateTime: (iso: string) => format.format(Date.parse(iso)),
    date: (iso: string) => day.format(Date.parse(iso)),
  };
}

function Appointments({ patientId, phone }: { patientId: string; phone: string | null }) {
  const { t } = useTranslation('myHealth');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = useGetMyAppointmentsQuery({ viewer, patientId });
  const [cancel, cancelling] = useCancelMyAppointmentMutation();
  const [result, setResult] = useState<{ text: string; isFailure: boolean } | null>(null);
  const { ref: resultRef, request: focusResult } = useFocusAfterRender<HTMLParagraphElement>();
  const { dateTime } = useDateTime();
  const answer = query.currentData;
  const all = answer ? [...answer.upcoming, ...answer.past] : undefined;

  async function cancelOne(appointment: TMyAppointment) {
    if (cancelling.isLoading) return;
    try {
      await cancel({ patientId, appointmentId: appointment._id }).unwrap();
      const text = t('appointments.cancelled', { when: dateTime(appointment.start) });
      setResult({ text, isFailure: false });
      announce(text);
    } catch (error) {
      const refusal = refusalOf(error);
      const call = refusal.phone ?? phone;
      const text =
        refusal.code === 'CANCELLATION_TOO_LATE' && call === null
          ? t('appointments.tooLateCall')
          : t(`refusals.${refusal.code}`, { phone: call ?? '' });
      setResult({ text, isFailure: true });
    }
    focusResult();
  }

  const item = (appointment: TMyAppointment, isUpcoming: boolean) => (
    <li key={appointment._id} className={styles.item}>
      <p>
        <strong>{dateTime(appointment.start)}</strong>
      </p>
      <p>
        {t(`appointments.kind.${appointment.kind}`)} ·{' '}
        {t(`appointments.status.${appointment.status}`)}
      </p>
      {isUpcoming && appointment.status === 'booked' && (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            aria-disabled={cancelling.isLoading || undefined}
            aria-label={t('appointments.cancelLabel', { when: dateTime(appointment.start) })}
            onClick={() => void cancelOne(appointment)}
          >
            {t('appointments.cancel')}
          </Button>
        </div>
      )}
    </li>
  );

  return (
    <RecordSection name="appointments" query={{ ...query, currentData: all }}>
      {() => (
        <>
          <p
            ref={resultRef}
            tabIndex={-1}
            role={result?.isFailure ? 'alert' : undefined}
            className={[alert.slot, result?.isFailure && alert.danger].filter(Boolean).join(' ')}
          >
            {result?.text}
          </p>
          <h3>{t('appointments.upcoming')}</h3>
          {answer!.upcoming.length === 0 ? (
            <p className={styles.muted}>{t('appointments.noneUpcoming')}</p>
          ) : (
            <ul className={styles.list}>{answer!.upcoming.map((one) => item(one, true))}</ul>
          )}
          <h3>{t('appointments.past')}</h3>
          {answer!.past.length === 0 ? (
            <p className={styles.muted}>{t('appointments.nonePast')}</p>
          ) : (
            <ul className={styles.list}>{answer!.past.map((one) => item(one, false))}</ul>
          )}
        </>
      )}
    </RecordSection>
  );
}

function CarePlans({ patientId }: { patientId: string }) {
  const { t } = useTranslation('myHealth');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = useGetMyCarePlansQuery({ viewer, patientId });
  const [mark, marking] = useMarkMyOccurrenceMutation();
  const [result, setResult] = useState<{ text: string; isFailure: boolean } | null>(null);
  const { ref: resultRef, request: focusResult } = useFocusAfterRender<HTMLParagraphElement>();
  const today = query.currentData?.flatMap((plan) =>
    plan.activities.flatMap((activity) =>
      activity.todayOccurrence ? [{ plan, activity, occurrence: activity.todayOccurrence }] : [],
    ),
  );

  async function markOne(entry: NonNullable<typeof today>[number], status: 'done' | 'skipped') {
    if (marking.isLoading) return;
    try {
      await mark({
        patientId,
        carePlanId: entry.plan._id,
        activityId: entry.activity._id,
        day: entry.occurrence.date,
        status,
      }).unwrap();
      const text = t(`carePlans.marked.${status}`, { activity: entry.activity.title });
      setResult({ text, isFailure: false });
      announce(text);
    } catch (error) {
      setResult({ text: t(`refusals.${refusalOf(error).code}`, { phone: '' }), isFailure: true });
    }
    focusResult();
  }

  return (
    <RecordSection name="carePlans" query={{ ...query, currentData: today }}>
      {(entries) => (
        <>
          <p
            ref={resultRef}
            tabIndex={-1}
            role={result?.isFailure ? 'alert' : undefined}
            className={[alert.slot, result?.isFailure && alert.danger].filter(Boolean).join(' ')}
          >
            {result?.text}
          </p>
          <ul className={styles.list}>
            {entries.map((entry) => (
              <li key={`${entry.plan._id}/${entry.activity._id}`} className={styles.item}>
                <p>
                  <strong>
                    <bdi>{entry.activity.title}</bdi>
                  </strong>{' '}
                  <span className={styles.hint}>
                    (<bdi>{entry.plan.title}</bdi>)
                  </span>
                </p>
                {entry.occurrence.state === 'due' ? (
                  <div className={styles.actions}>
                    {(['done', 'skipped'] as const).map((status) => (
                      <Button
                        key={status}
                        variant={status === 'done' ? 'primary' : 'secondary'}
                        aria-disabled={marking.isLoading || undefined}
                        aria-label={t(`carePlans.${status}Label`, {
                          activity: entry.activity.title,
                        })}
                        onClick={() => void markOne(entry, status)}
                      >
                        {t(`carePlans.${status}`)}
                      </Button>
                    ))}
                  </div>
                ) : (
                  <p className={styles.hint}>{t(`carePlans.state.${entry.occurrence.state}`)}</p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </RecordSection>
  );
}

/** The parts of shared notes, in the order the practitioner wrote them. */
const NOTE_PARTS = [
  'subjective',
  'objective',
  'assessment',
  'plan',
] as const satisfies readonly (keyof NonNullable<TMyVisit['notes']>)[];

/** The vital signs a visit measured, each with its unit, in the reader's digits. */
function vitalsOf(visit: TMyVisit, t: TFunction): string[] {
  const number = (value: number) => formatNumber(value);
  const lines: string[] = [];
  if (visit.systolic != null && visit.diastolic != null)
    lines.push(
      t('visits.pressure', {
        systolic: number(visit.systolic),
        diastolic: number(visit.diastolic),
      }),
    );
  if (visit.heartRate != null)
    lines.push(t('visits.heartRate', { value: number(visit.heartRate) }));
  if (visit.temperature != null)
    lines.push(t('visits.temperature', { value: number(visit.temperature) }));
  if (visit.weight != null) lines.push(t('visits.weight', { value: number(visit.weight) }));
  if (visit.height != null) lines.push(t('visits.height', { value: number(visit.height) }));
  if (visit.bmi != null) lines.push(t('visits.bmi', { value: number(visit.bmi) }));
  if (visit.oxygenSaturation != null)
    lines.push(t('visits.oxygenSaturation', { value: number(visit.oxygenSaturation) }));
  return lines;
}

function Visits({ patientId }: { patientId: string }) {
  const { t } = useTranslation('myHealth');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = useGetMyVisitsQuery({ viewer, patientId });
  const { dateTime, date } = useDateTime();
  return (
    <RecordSection name="visits" query={query}>
      {(visits) => (
        <ul className={styles.list}>
          {visits.map((visit) => (
            <li key={visit._id} className={styles.item}>
              <p>
                <strong>{dateTime(visit.occurredAt)}</strong>
              </p>
              {visit.reason && (
                <p>
                  <bdi>{visit.reason}</bdi>
                </p>
              )}
              {vitalsOf(visit, t).map((line) => (
                <p key={line}>
                  <bdi>{line}</bdi>
                </p>
              ))}
              {visit.notes && (
                <dl className={styles.notes}>
                  {NOTE_PARTS.filter((part) => visit.notes?.[part]).map((part) => (
                    <div key={part}>
                      <dt>{t(`visits.notes.${part}`)}</dt>
                      <dd>
                        <bdi>{visit.notes?.[part]}</bdi>
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
              {visit.addenda.map((addendum) => (
                <p key={addendum._id} className={styles.hint}>
                  {t('visits.addendum', { date: date(addendum.createdAt) })}{' '}
                  <bdi>{addendum.text}</bdi>
                </p>
              ))}
            </li>
          ))}
        </ul>
      )}
    </RecordSection>
  );
}

function Prescriptions({ patientId }: { patientId: string }) {
  const { t } = useTranslation('myHealth');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = useGetMyPrescriptionsQuery({ viewer, patientId });
  return (
    <RecordSection name="prescriptions" query={query}>
      {(items) => (
        <ul className={styles.list}>
          {items.map((one) => (
            <li key={one._id} className={styles.item}>
              <p>
                <strong>
                  <bdi>{[one.medication, one.strength].filter(Boolean).join(' ')}</bdi>
                </strong>{' '}
                · {t(`prescriptions.status.${one.status}`)}
              </p>
              <p>
                <bdi>{[one.dose, one.frequency, one.duration].filter(Boolean).join(', ')}</bdi>
              </p>
              {one.instructions && (
                <p className={styles.hint}>
                  <bdi>{one.instructions}</bdi>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </RecordSection>
  );
}

function Allergies({ patientId }: { patientId: string }) {
  const { t } = useTranslation('myHealth');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = useGetMyAllergiesQuery({ viewer, patientId });
  return (
    <RecordSection name="allergies" query={query}>
      {(items) => (
        <ul className={styles.list}>
          {items.map((one) => (
            <li key={one._id} className={styles.item}>
              <p>
                <strong>
                  <bdi>{one.substance}</bdi>
                </strong>{' '}
                · {t(`allergies.severity.${one.severity}`)}
              </p>
              {one.reaction && (
                <p>
                  <bdi>{one.reaction}</bdi>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </RecordSection>
  );
}

function Immunizations({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation('myHealth');
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const query = useGetMyImmunizationsQuery({ viewer, patientId });
  const day = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <RecordSection name="immunizations" query={query}>
      {(items) => (
        <ul className={styles.list}>
          {items.map((one) => (
            <li key={one._id} className={styles.item}>
              <p>
                <strong>
                  <bdi>{one.vaccine}</bdi>
                </strong>{' '}
                · {day.format(Date.parse(`${one.occurredOn}T00:00:00Z`))}
              </p>
              {one.status === 'not-done' && (
                <p className={styles.hint}>{t('immunizations.notGiven')}</p>
              )}
              {one.doseNumber !== null && (
                <p className={styles.hint}>{t('immunizations.dose', { number: one.doseNumber })}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </RecordSection>
  );
}
