import { z } from 'zod';
import type { TVitalSign } from './visit.ts';

/**
 * The vital-signs series of a patient, which its chart draws: weight and blood pressure of each
 * visit that measured one of them, oldest first. Only these three numbers travel, never the
 * visit's notes, so a chart of hundreds of visits stays small.
 */

/** The newest this many measured visits make the series (1,000 points is ~60 kB of JSON). */
export const VITALS_SERIES_MAX = 1000;

export const ZVitalsPoint = z.object({
  visitId: z.uuid(),
  /** UTC, ISO 8601 with milliseconds. */
  occurredAt: z.string(),
  systolic: z.number().nullable().describe('mmHg; null when not measured'),
  diastolic: z.number().nullable().describe('mmHg; null when not measured'),
  weight: z.number().nullable().describe('kg; null when not measured'),
});
export type TVitalsPoint = z.infer<typeof ZVitalsPoint>;

export const ZVitalsSeries = z.object({
  points: z
    .array(ZVitalsPoint)
    .describe(
      `Oldest first; the newest ${VITALS_SERIES_MAX} visits with a weight or a blood pressure`,
    ),
  total: z
    .number()
    .int()
    .describe(
      "How many of the patient's visits have a weight or a blood pressure (may exceed the points)",
    ),
});
export type TVitalsSeries = z.infer<typeof ZVitalsSeries>;

/**
 * The adult resting reference range of each vital sign that has one (weight and height have
 * none), inclusive at both ends; a value outside it is flagged on the chart's table and summary.
 * Blood pressure: below 90/60 mmHg is low (MedlinePlus, "Vital signs", medlineplus.gov/ency/
 * article/002341.htm) and from 140/90 mmHg high (2018 ESC/ESH Guidelines for the management of
 * arterial hypertension, office blood pressure). Heart rate 60–100 per minute (MedlinePlus, as
 * above). Temperature 36.1–37.2 °C, that is 97–99 °F (Cleveland Clinic, "What is a normal body
 * temperature?", health.clevelandclinic.org). Oxygen saturation from 95 % (Cleveland Clinic,
 * "Pulse oximetry": 95–100 % is normal); 100 % is its ceiling, so it has no upper limit.
 * Visits record no respiratory rate, so it has no range here.
 */
export const VITAL_REFERENCE_RANGES = {
  systolic: { low: 90, high: 139 },
  diastolic: { low: 60, high: 89 },
  heartRate: { low: 60, high: 100 },
  temperature: { low: 36.1, high: 37.2 },
  oxygenSaturation: { low: 95, high: null },
} as const satisfies Partial<Record<TVitalSign, { low: number; high: number | null }>>;

export type TReferenceFlag = 'low' | 'high';

/** Whether a measured value is below or above its sign's reference range; null inside it. */
export function referenceFlagOf(sign: TVitalSign, value: number): TReferenceFlag | null {
  const range: { low: number; high: number | null } | undefined =
    sign in VITAL_REFERENCE_RANGES
      ? VITAL_REFERENCE_RANGES[sign as keyof typeof VITAL_REFERENCE_RANGES]
      : undefined;
  if (!range) return null;
  if (value < range.low) return 'low';
  if (range.high !== null && value > range.high) return 'high';
  return null;
}
