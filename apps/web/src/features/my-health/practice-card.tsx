import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

import { WEEKDAYS } from '@portal/shared/zoned-time';

import { weekdayName } from '../../i18n/format-date.ts';

import pageStyles from '../../ui/page.module.css';
import { addressLines } from '../../ui/address-lines.ts';

import type { TMyPatient } from './api-types.ts';

import styles from './my-health.module.css';

export function PracticeCard({ record, hasFailed }: { record?: TMyPatient; hasFailed: boolean }) {
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
          {addressLines(practice, i18n.language).map((line) => (
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
