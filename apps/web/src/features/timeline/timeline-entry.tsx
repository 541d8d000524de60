import { useTranslation } from '../../i18n/use-translation.ts';
import type { TTimelineEntry } from '@portal/shared/timeline';
import { formatDay } from '../../i18n/format.ts';
import styles from './timeline.module.css';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

/** The entry's date and time in the reader's language and the browser's time zone. */
export function formatEntryTime(iso: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** The kinds whose `detail` says something, and the label it is shown with. */
const DETAIL_KINDS = new Set<TTimelineEntry['kind']>(['prescription-stopped', 'allergy']);

/**
 * One line of the timeline: when, what kind, its state, the item's summary and, for a stopped
 * prescription or an allergy, the reason or reaction; for a care-plan activity due or overdue,
 * its due day and its plan, linked to the plan (`carePlanHref`, given by app/, where the care
 * plans are shown). Texts typed by people keep their own direction (`bdi`): a Latin medication
 * in an Arabic page. Focusable, so that 'Show older entries' can take the reader to the first
 * entry it added.
 */
export function TimelineEntry({
  entry,
  carePlanHref,
  namespace,
}: {
  entry: TTimelineEntry;
  carePlanHref?: (carePlanId: string) => string;
  /** The namespace of a kind that labels its own entries: `timeline.label`, `.states`, `.detail`. */
  namespace?: string;
}) {
  const { t, i18n } = useTranslation('timeline');
  const isActivity = entry.kind === 'care-plan-activity';
  const own = namespace && `${namespace}:timeline`;
  return (
    <li tabIndex={-1} className={styles.entry} data-kind={entry.kind} data-state={entry.state}>
      {isActivity && entry.dueOn ? (
        <time dateTime={entry.dueOn} className={styles.when}>
          {t('dueOn', { date: formatDay(entry.dueOn, i18n.language) })}
        </time>
      ) : (
        <time dateTime={entry.at} className={styles.when}>
          {formatEntryTime(entry.at, i18n.language)}
        </time>
      )}
      <p className={styles.heading}>
        <span className={styles.kind}>{t(own ? `${own}.label` : `kinds.${entry.kind}`)}</span>
        <span className={styles.state}>
          {t(own ? `${own}.states.${entry.state}` : `states.${entry.state}`)}
        </span>
      </p>
      <p className={styles.summary}>
        {entry.summary ? <bdi dir="auto">{entry.summary}</bdi> : t('noReason')}
      </p>
      {(own || DETAIL_KINDS.has(entry.kind)) && entry.detail && (
        <p className={styles.detail}>
          {t(own ? `${own}.detail` : `detail.${entry.kind}`)} <bdi dir="auto">{entry.detail}</bdi>
        </p>
      )}
      {isActivity && entry.carePlanId && (
        <p className={styles.detail}>
          {t('detail.care-plan-activity')}{' '}
          <CarePlanLink href={carePlanHref?.(entry.carePlanId)} title={entry.detail} />
        </p>
      )}
    </li>
  );
}

/**
 * The plan's title, a link to the plan where app/ shows one (an anchor in the same page): the
 * link also moves focus there, so a keyboard or screen-reader user carries on at the plan.
 */
function CarePlanLink({ href, title }: { href?: string; title: string }) {
  const name = <bdi dir="auto">{title}</bdi>;
  if (!href) return name;
  const focusTarget = () => {
    if (href.startsWith('#')) document.getElementById(href.slice(1))?.focus();
  };
  return (
    <a href={href} className={styles.link} onClick={focusTarget}>
      {name}
    </a>
  );
}
