import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TVitalsPoint } from '@portal/shared/vitals';
import styles from './vitals.module.css';

/**
 * The figures behind the charts, newest first, behind a disclosure: what a screen reader or a
 * keyboard user reads instead of the picture (and anyone who wants the exact values).
 */
export function VitalsTable({
  points,
  formatDate,
  formatValue,
}: {
  points: TVitalsPoint[];
  formatDate: (iso: string) => string;
  formatValue: (value: number) => string;
}) {
  const { t } = useTranslation('vitals');
  const id = useId();
  const cell = (value: number | null) =>
    value === null ? (
      <>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">{t('table.notMeasured')}</span>
      </>
    ) : (
      formatValue(value)
    );
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
        <table className={styles.table}>
          <caption id={`${id}-caption`}>{t('table.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('table.date')}</th>
              <th scope="col">{t('table.weight')}</th>
              <th scope="col">{t('table.systolic')}</th>
              <th scope="col">{t('table.diastolic')}</th>
            </tr>
          </thead>
          <tbody>
            {points.toReversed().map((point) => (
              <tr key={point.visitId}>
                <th scope="row">{formatDate(point.occurredAt)}</th>
                <td>{cell(point.weight)}</td>
                <td>{cell(point.systolic)}</td>
                <td>{cell(point.diastolic)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
