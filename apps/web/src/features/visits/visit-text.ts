import type { TFunction } from '../../i18n/translator.ts';
import type { TVisit, TVitalSign } from '@portal/shared/visit';
import { formatNumber } from '../../i18n/format.ts';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

/** The vital signs in the order the form and the list show them. */
export const VITAL_ORDER: readonly TVitalSign[] = [
  'systolic',
  'diastolic',
  'heartRate',
  'temperature',
  'weight',
  'height',
  'oxygenSaturation',
];

/** A visit's date and time in the reader's language and the browser's time zone. */
export function formatVisitTime(iso: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** `120 mmHg`, `36.8 °C`: the number in the reader's language with its unit. */
export function vitalText(t: TFunction, key: TVitalSign | 'bmi', value: number): string {
  return t(`units.${key}`, { value: formatNumber(value) });
}

/** The measured vital signs of a visit, blood pressure as one `120/80 mmHg`, then BMI. */
export function vitalLines(t: TFunction, visit: TVisit): { label: string; text: string }[] {
  const lines: { label: string; text: string }[] = [];
  const { systolic, diastolic } = visit;
  const hasPressure = systolic !== null && diastolic !== null;
  if (hasPressure) {
    lines.push({
      label: t('vitals.bloodPressure'),
      text: t('units.bloodPressure', {
        systolic: formatNumber(systolic),
        diastolic: formatNumber(diastolic),
      }),
    });
  }
  for (const key of VITAL_ORDER) {
    const value = visit[key];
    const isPairShown = hasPressure && (key === 'systolic' || key === 'diastolic');
    if (value === null || isPairShown) continue;
    lines.push({ label: t(`vitals.${key}`), text: vitalText(t, key, value) });
  }
  if (visit.bmi !== null)
    lines.push({ label: t('vitals.bmi'), text: vitalText(t, 'bmi', visit.bmi) });
  return lines;
}

/** `2026-03-02T09:00` for a `datetime-local` input: now, in the browser's time zone. */
export function localInputValue(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}
