import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TPatient } from '@portal/shared/patient';
import { useAppSelector } from '../../app/hooks.ts';
import { formatNumber } from '../../i18n/format.ts';
import { Button } from '../../ui/button.tsx';
import { PatientSection } from '../../ui/patient-section.tsx';
import { SectionListState } from '../../ui/section-list-state.tsx';
import section from '../../ui/section.module.css';
import { TimelineEntry } from './timeline-entry.tsx';
import { useListTimelineInfiniteQuery } from './timeline-api.ts';
import styles from './timeline.module.css';

/**
 * In a patient's details (patients, composed by app/): the patient's history newest first,
 * visits, appointments, the patient-owned kinds' entries and (for premium members)
 * care-plan activities due or overdue in one ordered list,
 * a page at a time. 'Show older entries' appends the next page and moves focus to its first
 * entry, so a keyboard or screen-reader user carries on reading where the new entries begin.
 */
export function PatientTimeline({
  patient,
  carePlanHref,
  entryNamespaces = {},
}: {
  patient: TPatient;
  /** Where a care-plan activity's plan is shown (app/ composes both); no link without it. */
  carePlanHref?: (carePlanId: string) => string;
  /** By entry kind, the namespace of a kind that labels its own entries (app/ reads the kinds). */
  entryNamespaces?: Readonly<Partial<Record<string, string>>>;
}) {
  const own = Object.values(entryNamespaces).filter((namespace) => namespace !== undefined);
  const { t } = useTranslation(['timeline', ...new Set(own)]);
  const id = useId();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const timeline = useListTimelineInfiniteQuery({ viewer, patientId: patient._id });
  const pages = timeline.currentData?.pages;
  const entries = pages?.flatMap((page) => page.entries) ?? [];
  const total = pages?.at(-1)?.total ?? 0;
  /** The entry to focus once it is on screen: the first of the page just asked for. */
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (focusIndex === null) return;
    const element = listRef.current?.children[focusIndex];
    if (!(element instanceof HTMLElement)) return;
    element.focus();
    setFocusIndex(null);
  }, [focusIndex, entries.length]);

  const showMore = () => {
    if (timeline.isFetchingNextPage) return;
    setFocusIndex(entries.length);
    void timeline.fetchNextPage();
  };

  return (
    <PatientSection titleId={`${id}-title`} title={t('title')} className={styles.section}>
      <SectionListState
        hasFailed={timeline.isError && !timeline.isFetching && !pages}
        items={pages && entries}
        texts={{ loadFailed: t('loadFailed'), loading: t('loading'), empty: t('none') }}
      >
        {(entries) => (
          <ol ref={listRef} className={styles.entries} aria-labelledby={`${id}-title`}>
            {entries.map((entry) => (
              <TimelineEntry
                key={`${entry.kind} ${entry.itemId} ${entry.at}`}
                entry={entry}
                carePlanHref={carePlanHref}
                namespace={entryNamespaces[entry.kind]}
              />
            ))}
          </ol>
        )}
      </SectionListState>
      {pages && timeline.isError && !timeline.isFetching && (
        <p className={section.error}>{t('moreFailed')}</p>
      )}
      {pages && timeline.hasNextPage && (
        <div className={styles.actions}>
          {/* aria-disabled, not disabled: the focused button keeps focus while the page loads. */}
          <Button
            variant="secondary"
            aria-disabled={timeline.isFetchingNextPage}
            onClick={showMore}
          >
            {timeline.isFetchingNextPage
              ? t('loadingMore')
              : t('more', { shown: formatNumber(entries.length), total: formatNumber(total) })}
          </Button>
        </div>
      )}
    </PatientSection>
  );
}
