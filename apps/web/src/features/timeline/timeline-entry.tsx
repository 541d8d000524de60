import { useTranslation } from 'react-i18next';
import type { TTimelineEntry } from '@portal/shared/timeline';
import styles from './timeline.module.css';

/** The entry's date and time in the reader's language and the browser's time zone. */
export function formatEntryTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** The kinds whose `detail` says something, and the label it is shown with. */
const DETAIL_KINDS = new Set<TTimelineEntry['kind']>(['prescription-stopped', 'allergy']);

/**
 * One line of the timeline: when, what kind, its state, the item's summary and, for a stopped
 * prescription or an allergy, the reason or reaction. Texts typed by people keep their own
 * direction (`bdi`): a Latin medication in an Arabic page. Focusable, so that 'Show older
 * entries' can take the reader to the first entry it added.
 */
export function TimelineEntry({ entry }: { entry: TTimelineEntry }) {
  const { t, i18n } = useTranslation('timeline');
  return (
    <li tabIndex={-1} className={styles.entry} data-kind={entry.kind}>
      <time dateTime={entry.at} className={styles.when}>
        {formatEntryTime(entry.at, i18n.language)}
      </time>
      <p className={styles.heading}>
        <span className={styles.kind}>{t(`kinds.${entry.kind}`)}</span>
        <span className={styles.state}>{t(`states.${entry.state}`)}</span>
      </p>
      <p className={styles.summary}>
        {entry.summary ? <bdi dir="auto">{entry.summary}</bdi> : t('noReason')}
      </p>
      {DETAIL_KINDS.has(entry.kind) && entry.detail && (
        <p className={styles.detail}>
          {t(`detail.${entry.kind}`)} <bdi dir="auto">{entry.detail}</bdi>
        </p>
      )}
    </li>
  );
}
