import { z } from 'zod';

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
