import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOccurrence, TOccurrenceMarkInput } from '@portal/shared/care-plan';
import { announce } from '../../lib/a11y/announcer.ts';
import { formatDay } from '../../i18n/format.ts';
import { Button } from '../../ui/button.tsx';
import { isPremiumRequired, useMarkOccurrenceMutation } from './care-plans-api.ts';
import { PremierExplainer } from './premier-explainer.tsx';
import styles from './care-plans.module.css';

/** Occurrences with their state, each markable done or skipped (or back to due). */
export function OccurrenceList({
  occurrences,
  patientIdOf,
  labelledBy,
  describe,
}: {
  occurrences: readonly TOccurrence[];
  patientIdOf: (occurrence: TOccurrence) => string;
  labelledBy: string;
  /** Extra words before the activity (the patient and plan, on Today). */
  describe?: (occurrence: TOccurrence) => string;
}) {
  const { t, i18n } = useTranslation('carePlans');
  const [markOccurrence, { isLoading }] = useMarkOccurrenceMutation();
  const [failure, setFailure] = useState<'premium' | 'failed' | null>(null);

  async function mark(occurrence: TOccurrence, mark: TOccurrenceMarkInput['mark']) {
    setFailure(null);
    try {
      await markOccurrence({
        patientId: patientIdOf(occurrence),
        carePlanId: occurrence.carePlanId,
        input: { activityId: occurrence.activityId, date: occurrence.date, mark },
      }).unwrap();
      // The layout's live region: on Today the list itself leaves once its last item is marked,
      // and a region of its own would go with it before the words were read.
      announce(t(`occurrence.announce.${mark}`, { activity: occurrence.activityTitle }));
      // Its button is replaced (or, on Today, the item leaves the list): focus goes to the heading.
      document.getElementById(labelledBy)?.focus();
    } catch (error) {
      setFailure(isPremiumRequired(error) ? 'premium' : 'failed');
    }
  }

  return (
    <>
      {failure === 'premium' && <PremierExplainer headingLevel={5} />}
      {failure === 'failed' && (
        <p role="alert" className={styles.error}>
          {t('occurrence.failed')}
        </p>
      )}
      <ul className={styles.occurrences} aria-labelledby={labelledBy}>
        {occurrences.map((occurrence) => {
          const name = `${describe ? `${describe(occurrence)}: ` : ''}${occurrence.activityTitle}, ${formatDay(occurrence.date, i18n.language)}`;
          const isMarked = occurrence.state === 'done' || occurrence.state === 'skipped';
          return (
            <li
              key={`${occurrence.carePlanId}/${occurrence.activityId}/${occurrence.date}`}
              className={styles.occurrence}
            >
              <span className={styles.occurrenceText}>
                {describe && <span className={styles.muted}>{describe(occurrence)}</span>}
                <span className={styles.name}>{occurrence.activityTitle}</span>
                <span>{formatDay(occurrence.date, i18n.language)}</span>
                <span className={styles[`state-${occurrence.state}`]}>
                  {t(`occurrence.state.${occurrence.state}`)}
                  {occurrence.markedBy &&
                    occurrence.markedAt &&
                    ` · ${t('occurrence.markedBy', { name: occurrence.markedBy.name, date: formatDay(occurrence.markedAt.slice(0, 10), i18n.language) })}`}
                </span>
              </span>
              <span className={styles.actions}>
                {isMarked ? (
                  <Button
                    variant="secondary"
                    disabled={isLoading}
                    onClick={() => void mark(occurrence, 'due')}
                  >
                    {t('occurrence.undo', { name })}
                  </Button>
                ) : (
                  <>
                    <Button
                      disabled={isLoading}
                      onClick={() => void mark(occurrence, 'done')}
                      aria-label={t('occurrence.doneLabel', { name })}
                    >
                      {t('occurrence.done')}
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={isLoading}
                      onClick={() => void mark(occurrence, 'skipped')}
                      aria-label={t('occurrence.skipLabel', { name })}
                    >
                      {t('occurrence.skip')}
                    </Button>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
