import { useEffect, useRef, useState } from 'react';
import translator from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TOccurrence, TOccurrenceMarkInput } from '@portal/shared/care-plan';
import { announce } from '../../lib/a11y/announcer.ts';
import { formatDay } from '../../i18n/format.ts';
import { Button } from '../../ui/button.tsx';
import { apiErrorOf } from '../../lib/forms/field-messages.ts';
import { isPremiumRequired, useMarkOccurrenceMutation } from './care-plans-api.ts';
import { PremiumExplainer } from './premium-explainer.tsx';
import styles from './care-plans.module.css';

/** Refusals of a mark that the reader is told in the API's words (by code, in their language). */
const EXPLAINED_CODES = ['OCCURRENCE_NOT_YET_DUE', 'OCCURRENCE_NOT_FOUND'];

type Failure = { kind: 'premium' } | { kind: 'failed'; text?: string };

/**
 * Why a mark failed: the members-only gate, a refusal explained by its code (English readers get
 * the API's message as sent, others its translation), or that it could not be saved.
 */
function failureOf(error: unknown): Failure {
  if (isPremiumRequired(error)) return { kind: 'premium' };
  const apiError = apiErrorOf(error);
  if (!apiError || !EXPLAINED_CODES.includes(apiError.code)) return { kind: 'failed' };
  const key = `auth:apiErrors.codes.${apiError.code}`;
  return {
    kind: 'failed',
    text: translator.exists(key) ? translator.t(key) : apiError.message,
  };
}

const keyOf = (occurrence: TOccurrence) =>
  `${occurrence.carePlanId}/${occurrence.activityId}/${occurrence.date}`;

/**
 * Occurrences with their state, each markable done or skipped (or back to due). A marked item
 * leaves its list (what is due, or the marks): focus goes to the item that takes its place (or
 * the one before it, at the end), and to `focusWhenEmpty` (by default the list's heading) once
 * none is left, so it never falls to the page.
 */
export function OccurrenceList({
  occurrences,
  patientIdOf,
  labelledBy,
  focusWhenEmpty = labelledBy,
  empty,
  describe,
}: {
  occurrences: readonly TOccurrence[];
  patientIdOf: (occurrence: TOccurrence) => string;
  labelledBy: string;
  /** The element (focusable by script) that takes focus after the list's last item is marked. */
  focusWhenEmpty?: string;
  /**
   * Shown when no item is left. The list stays mounted meanwhile, so a refusal's message stays
   * on screen when the list refreshed after it has no item left.
   */
  empty?: string;
  /** Extra words before the activity (the patient and plan, on Today). */
  describe?: (occurrence: TOccurrence) => string;
}) {
  const { t, i18n } = useTranslation('carePlans');
  const [markOccurrence, { isLoading }] = useMarkOccurrenceMutation();
  const [failure, setFailure] = useState<Failure | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);

  // A refusal explained by its code means the list was out of date: the refreshed one may no
  // longer hold the pressed button, so the message takes focus (and is read, as an alert).
  useEffect(() => {
    if (failure?.kind === 'failed' && failure.text) alert.current?.focus();
  }, [failure]);

  async function mark(occurrence: TOccurrence, mark: TOccurrenceMarkInput['mark']) {
    // aria-disabled, not disabled: the pressed button keeps focus while the mark is saved.
    if (isLoading) return;
    setFailure(null);
    const index = occurrences.indexOf(occurrence);
    const neighbour = occurrences[index + 1] ?? occurrences[index - 1];
    try {
      await markOccurrence({
        patientId: patientIdOf(occurrence),
        carePlanId: occurrence.carePlanId,
        input: { activityId: occurrence.activityId, date: occurrence.date, mark },
      }).unwrap();
      // The layout's live region: on Today the list itself leaves once its last item is marked,
      // and a region of its own would go with it before the words were read.
      announce(t(`occurrence.announce.${mark}`, { activity: occurrence.activityTitle }));
      // The neighbour keeps its element when the refreshed list comes: its key is the same.
      const next = neighbour
        ? list.current?.querySelector<HTMLElement>(`[data-occurrence="${keyOf(neighbour)}"] button`)
        : null;
      (next ?? document.getElementById(focusWhenEmpty))?.focus();
    } catch (error) {
      setFailure(failureOf(error));
    }
  }

  return (
    <>
      {failure?.kind === 'premium' && <PremiumExplainer headingLevel={5} />}
      {failure?.kind === 'failed' && (
        <p ref={alert} role="alert" tabIndex={-1} className={styles.error}>
          {failure.text ?? t('occurrence.failed')}
        </p>
      )}
      {occurrences.length === 0 ? (
        empty && <p className={styles.muted}>{empty}</p>
      ) : (
        <ul ref={list} className={styles.occurrences} aria-labelledby={labelledBy}>
          {occurrences.map((occurrence) => {
            const name = `${describe ? `${describe(occurrence)}: ` : ''}${occurrence.activityTitle}, ${formatDay(occurrence.date, i18n.language)}`;
            const isMarked = occurrence.state === 'done' || occurrence.state === 'skipped';
            return (
              <li
                key={keyOf(occurrence)}
                data-occurrence={keyOf(occurrence)}
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
                      aria-disabled={isLoading}
                      onClick={() => void mark(occurrence, 'due')}
                      aria-label={t('occurrence.undo', { name })}
                    >
                      {t('occurrence.undoButton')}
                    </Button>
                  ) : (
                    <>
                      <Button
                        aria-disabled={isLoading}
                        onClick={() => void mark(occurrence, 'done')}
                        aria-label={t('occurrence.doneLabel', { name })}
                      >
                        {t('occurrence.done')}
                      </Button>
                      <Button
                        variant="secondary"
                        aria-disabled={isLoading}
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
      )}
    </>
  );
}
