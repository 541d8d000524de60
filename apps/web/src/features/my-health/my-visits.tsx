import type { TFunction } from '../../i18n/translator.ts';

import { useTranslation } from '../../i18n/use-translation.ts';

import { formatNumber } from '../../i18n/format.ts';

import type { TMyVisit } from './api-types.ts';
import { useGetMyVisitsQuery } from './my-health-api.ts';

import { useRecordArgs } from './record-source.tsx';
import { RecordSection, useDateTime } from './record-section.tsx';
import styles from './my-health.module.css';

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

export function Visits({ patientId }: { patientId: string }) {
  const { t } = useTranslation('myHealth');
  const query = useGetMyVisitsQuery(useRecordArgs(patientId).args);
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
