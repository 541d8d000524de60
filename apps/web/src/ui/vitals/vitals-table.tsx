import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { referenceFlagOf, type TVitalsPoint } from '@portal/shared/vitals';
import { DataTable } from '../data-table.tsx';
import styles from './vitals.module.css';

/**
 * The figures behind the charts, newest first, behind a disclosure: what a screen reader or a
 * keyboard user reads instead of the picture (and anyone who wants the exact values). A value
 * outside its adult reference range says High or Low beside it.
 */
export function VitalsTable({
  points,
  formatDate,
  formatValue,
}: {
  points: readonly TVitalsPoint[];
  formatDate: (iso: string) => string;
  formatValue: (value: number) => string;
}) {
  const { t } = useTranslation('vitals');
  const id = useId();
  const cell = (sign: 'weight' | 'systolic' | 'diastolic', value: number | null) => {
    if (value === null)
      return (
        <>
          <span aria-hidden="true">–</span>
          <span className="visually-hidden">{t('table.notMeasured')}</span>
        </>
      );
    const flag = referenceFlagOf(sign, value);
    // The number keeps its own direction in a right-to-left table; the flag is a word, not
    // only a colour, for whoever cannot tell the colours apart.
    if (!flag) return <bdi>{formatValue(value)}</bdi>;
    return (
      <span className={styles[flag]}>
        <bdi>{formatValue(value)}</bdi> <span className={styles.flag}>{t(`flag.${flag}`)}</span>
      </span>
    );
  };
  return (
    <details className={styles.details}>
      <summary>{t('table.show')}</summary>
      {/* Focusable so the keyboard can scroll a long or wide table (axe: scrollable-region-focusable). */}
      <div
        className={styles.tableWrap}
        tabIndex={0}
        role="region"
        aria-labelledby={`${id}-caption`}
      >
        <DataTable
          className={styles.table}
          caption={<caption id={`${id}-caption`}>{t('table.caption')}</caption>}
          columns={[
            {
              header: t('table.date'),
              cell: (point) => formatDate(point.occurredAt),
              isRowHeader: true,
            },
            { header: t('table.weight'), cell: (point) => cell('weight', point.weight) },
            { header: t('table.systolic'), cell: (point) => cell('systolic', point.systolic) },
            { header: t('table.diastolic'), cell: (point) => cell('diastolic', point.diastolic) },
          ]}
          rows={points.toReversed()}
          rowKey={(point) => point.visitId}
        />
      </div>
    </details>
  );
}
