import { useId } from 'react';
import type { TVitalsPoint } from '@portal/shared/vitals';
import { formatNumber } from '../../i18n/format.ts';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';
import { directionOf } from '../../i18n/languages.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import section from '../section.module.css';
import { VitalsChart, type ChartLine } from './vitals-chart.tsx';
import { VitalsLegend } from './vitals-legend.tsx';
import { summarise } from './vitals-summary.ts';
import { VitalsTable } from './vitals-table.tsx';
import styles from './vitals.module.css';

type Tone = ChartLine['tone'];

/** The values of one vital sign over time, leaving out the visits that did not measure it. */
function valuesOf(points: readonly TVitalsPoint[], tone: Tone): ChartLine['values'] {
  return points.flatMap((point) => {
    const value = point[tone];
    return value === null ? [] : [{ at: Date.parse(point.occurredAt), value }];
  });
}

/**
 * Weight and blood pressure over time as two charts, each summarised in words for assistive
 * technology (or why one is missing), a note when the series is cut, and the figures as a table
 * behind a disclosure: the practitioner's chart and the patient's My health show the same.
 * `total`: the visits with a weight or a blood pressure, more than the points when cut.
 */
export function VitalsFigures({
  points,
  total,
}: {
  points: readonly TVitalsPoint[];
  total: number;
}) {
  const { t, i18n } = useTranslation('vitals');
  const id = useId();
  const language = i18n.language;
  const isRtl = directionOf(language) === 'rtl';
  const number = (value: number) => formatNumber(value, language);
  const dateFormat = dateTimeFormat(language, { dateStyle: 'medium' });
  const timeFormat = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const date = (at: number) => dateFormat.format(at);

  const weight: ChartLine = {
    tone: 'weight',
    label: t('legend.weight'),
    values: valuesOf(points, 'weight'),
  };
  const pressure: ChartLine[] = (['systolic', 'diastolic'] as const).map((tone) => ({
    tone,
    label: t(`legend.${tone}`),
    values: valuesOf(points, tone),
  }));
  const figures: { key: 'weight' | 'pressure'; lines: ChartLine[] }[] = [
    { key: 'weight', lines: [weight] },
    { key: 'pressure', lines: pressure },
  ];
  return (
    <>
      {figures.map(({ key, lines }) => {
        const title = t(`${key}.title`);
        if (lines.every((line) => line.values.length === 0))
          return (
            <p key={key} className={section.muted}>
              {t(`${key}.none`)}
            </p>
          );
        return (
          <figure key={key} className={styles.figure} aria-labelledby={`${id}-${key}`}>
            <h6 id={`${id}-${key}`} className={styles.subtitle}>
              {title}
            </h6>
            <VitalsLegend lines={lines} />
            <VitalsChart
              title={title}
              summary={summarise({ t, key, lines, number, date })}
              lines={lines}
              language={language}
              isRtl={isRtl}
              formatValue={number}
            />
          </figure>
        );
      })}
      {total > points.length && (
        <p className={section.muted}>
          {t('partial', { shown: number(points.length), total: number(total) })}
        </p>
      )}
      <VitalsTable
        points={points}
        formatDate={(iso) => timeFormat.format(Date.parse(iso))}
        formatValue={number}
      />
    </>
  );
}
