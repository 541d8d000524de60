import { useTranslation } from '../../i18n/use-translation.ts';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from '@portal/shared/audit';
import { useAppSelector } from '../../app/hooks.ts';
import { formatNumber } from '../../i18n/format.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { useListAuditEventsQuery, type AuditEvent } from './patients-api.ts';
import { ListState } from './list-state.tsx';
import { Pager } from './pager.tsx';
import { useCursorPager } from './use-cursor-pager.ts';
import { useFocusRequest } from './use-focus-request.ts';
import styles from './patients.module.css';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

const KNOWN_ACTIONS = new Set<string>(AUDIT_ACTIONS);
const KNOWN_OUTCOMES = new Set<string>(AUDIT_OUTCOMES);

const timeFormat = (language: string) =>
  dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });

function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return timeFormat(language).format(date);
}

/** From the oldest to the newest time of a run, the date said once when both share it. */
function formatTimeRange(from: string, to: string, language: string): string {
  const [start, end] = [new Date(from), new Date(to)];
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${from} – ${to}`;
  return timeFormat(language).formatRange(start, end);
}

/** One row of the table: an event, or a run of consecutive list reads (newest first). */
interface ActivityRow {
  event: AuditEvent;
  /** The run's events when it holds more than one; the row's `event` is its newest. */
  run?: AuditEvent[];
}

/**
 * Consecutive list reads with the same outcome become one row: the list is read on every
 * visit to it and every page turned, and a row each would bury the reads and changes of
 * records among them.
 */
function groupListReads(events: readonly AuditEvent[]): ActivityRow[] {
  const rows: ActivityRow[] = [];
  for (const event of events) {
    const last = rows.at(-1);
    const isRepeat =
      event.action === 'list' &&
      last?.event.action === 'list' &&
      last.event.outcome === event.outcome;
    if (isRepeat) last.run = [...(last.run ?? [last.event]), event];
    else rows.push({ event });
  }
  return rows;
}

/** The signed-in user's own audit trail, newest first, one page at a time. */
export function ActivityView({
  focusRequest,
  onBack,
}: {
  focusRequest: number;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation('records');
  const headingRef = useFocusRequest<HTMLHeadingElement>(focusRequest);
  const pager = useCursorPager();
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const { data, currentData, isError, isFetching } = useListAuditEventsQuery({
    viewer,
    cursor: pager.cursor,
  });
  const page = currentData ?? data;
  const hasFailed = isError && !isFetching;

  const actionText = ({ event, run }: ActivityRow) => {
    if (run)
      return t('activity.listedTimes', {
        count: run.length,
        n: formatNumber(run.length, i18n.language),
      });
    return KNOWN_ACTIONS.has(event.action) ? t(`activity.actions.${event.action}`) : event.action;
  };
  const outcomeText = ({ event }: ActivityRow) =>
    KNOWN_OUTCOMES.has(event.outcome) ? t(`activity.outcomes.${event.outcome}`) : event.outcome;
  const timeText = ({ event, run }: ActivityRow) => {
    if (!run)
      return <time dateTime={event.createdAt}>{formatTime(event.createdAt, i18n.language)}</time>;
    // HTML's <time> holds one moment, not a span: the range is plain text.
    return formatTimeRange(run.at(-1)!.createdAt, event.createdAt, i18n.language);
  };
  // A linked person's events are named: the viewer's own need no name.
  const actorText = ({ event }: ActivityRow) =>
    !event.actorId || event.actorId === viewer ? (
      t('activity.byYou')
    ) : event.actorName ? (
      <bdi dir="auto">{t('activity.byLinked', { name: event.actorName })}</bdi>
    ) : (
      t('activity.byGone')
    );
  const columns: DataColumn<ActivityRow>[] = [
    { header: t('activity.time'), cell: timeText },
    { header: t('activity.by'), cell: actorText },
    { header: t('activity.action'), cell: actionText },
    {
      header: t('activity.outcome'),
      cell: outcomeText,
      className: ({ event }) => (event.outcome === 'success' ? undefined : styles.outcomeWarn),
    },
    {
      header: t('activity.patient'),
      cell: ({ event }) =>
        event.patientName !== null ? (
          <bdi dir="auto">{event.patientName}</bdi>
        ) : event.patientId ? (
          t('activity.unknownPatient')
        ) : (
          t('activity.noPatient')
        ),
    },
  ];

  return (
    <section className={styles.view} aria-labelledby="activity-title">
      <h4 id="activity-title" ref={headingRef} tabIndex={-1} className={styles.viewTitle}>
        {t('activity.title')}
      </h4>
      <p className={styles.muted}>
        {t('activity.intro')} {t('activity.introLinked')}
      </p>
      <ListState
        hasFailed={hasFailed}
        items={page?.events}
        failedText={t('activity.loadFailed')}
        loadingText={t('activity.loading')}
        emptyText={t('activity.empty')}
      >
        {(events) => (
          <DataTable
            className={styles.table}
            isBusy={isFetching}
            labelCells
            columns={columns}
            rows={groupListReads(events)}
            rowKey={({ event }) => event.id}
          />
        )}
      </ListState>
      <Pager
        label={t('activity.pager')}
        rangeKey="activity.range"
        pager={pager}
        count={page?.events.length ?? 0}
        total={page?.total ?? null}
        nextCursor={page?.nextCursor}
        hasFailed={hasFailed}
        isBusy={isFetching}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onBack}>
          {t('activity.back')}
        </Button>
      </div>
    </section>
  );
}
