import type { TFunction } from '../../i18n/translator.ts';
import { referenceFlagOf } from '@portal/shared/vitals';
import type { ChartLine } from './vitals-chart.tsx';

/**
 * What a chart shows, in words (its SVG `desc`): how many visits over which dates, the latest
 * value, and the lowest and highest of each line, each outside its reference range said to be.
 */
export function summarise({
  t,
  key,
  lines,
  number,
  date,
}: {
  t: TFunction;
  key: 'weight' | 'pressure';
  lines: ChartLine[];
  number: (value: number) => string;
  date: (at: number) => string;
}): string {
  const measured = lines.filter((line) => line.values.length > 0);
  const times = measured.flatMap((line) => line.values.map((point) => point.at));
  const count = new Set(times).size;
  const lineTexts = measured.map((line) => {
    const values = line.values.map((point) => point.value);
    const flagged = (value: number) => {
      const flag = referenceFlagOf(line.tone, value);
      return flag
        ? t('summary.flagged', { value: number(value), flag: t(`summary.${flag}`) })
        : number(value);
    };
    return t('summary.line', {
      label: line.label,
      latest: flagged(values.at(-1)!),
      min: flagged(Math.min(...values)),
      max: flagged(Math.max(...values)),
    });
  });
  return t('summary.text', {
    count,
    n: number(count),
    first: date(Math.min(...times)),
    last: date(Math.max(...times)),
    unit: t(`${key}.unit`),
    lines: lineTexts.join(t('summary.separator')),
  });
}
