import { z } from 'zod';
import { APPOINTMENT_MESSAGES, optionalText, ZInstant } from './appointment.ts';
import { patientRecordAnswer } from './entity-answer.ts';
import { ZPageQuery } from './patient.ts';
import { requiredTrimmedText } from './text-fields.ts';
import { VISIT_MESSAGES } from './visit-messages.ts';

/**
 * The vital signs a visit records, each with its plausible range (a value outside it is almost
 * certainly a typing slip), its decimals, its UCUM unit and its LOINC code. The schema, the
 * database checks, the form and the FHIR export all read this one table.
 */
export const VITAL_SIGNS = {
  systolic: { min: 50, max: 300, decimals: 0, unit: 'mm[Hg]', loinc: '8480-6' },
  diastolic: { min: 20, max: 200, decimals: 0, unit: 'mm[Hg]', loinc: '8462-4' },
  heartRate: { min: 20, max: 300, decimals: 0, unit: '/min', loinc: '8867-4' },
  temperature: { min: 30, max: 45, decimals: 1, unit: 'Cel', loinc: '8310-5' },
  weight: { min: 0.2, max: 500, decimals: 1, unit: 'kg', loinc: '29463-7' },
  height: { min: 20, max: 272, decimals: 1, unit: 'cm', loinc: '8302-2' },
  oxygenSaturation: { min: 50, max: 100, decimals: 0, unit: '%', loinc: '2708-6' },
} as const;

export type TVitalSign = keyof typeof VITAL_SIGNS;
export const VITAL_SIGN_KEYS = Object.keys(VITAL_SIGNS) as TVitalSign[];

export const VISIT_LIMITS = {
  reasonMax: 200,
  /** Each SOAP section, and an addendum. */
  notesMax: 10_000,
} as const;

export const SOAP_SECTIONS = ['subjective', 'objective', 'assessment', 'plan'] as const;
export type TSoapSection = (typeof SOAP_SECTIONS)[number];

const RANGE_MESSAGE: Record<TVitalSign, string> = {
  systolic: VISIT_MESSAGES.systolicRange,
  diastolic: VISIT_MESSAGES.diastolicRange,
  heartRate: VISIT_MESSAGES.heartRateRange,
  temperature: VISIT_MESSAGES.temperatureRange,
  weight: VISIT_MESSAGES.weightRange,
  height: VISIT_MESSAGES.heightRange,
  oxygenSaturation: VISIT_MESSAGES.oxygenSaturationRange,
};

/**
 * Whether `value` has at most `decimals` decimals, exactly: `36.8` has one, `20.00000000000002`
 * is no whole number (an integer column would refuse it).
 */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  return Number.isFinite(value) && Number(value.toFixed(decimals)) === value;
}

/** One optional vital sign: a number in its range, or null (not measured). */
function vitalSign(key: TVitalSign) {
  const { min, max, decimals } = VITAL_SIGNS[key];
  const message = RANGE_MESSAGE[key];
  return z
    .number({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .refine((value) => hasAtMostDecimals(value, decimals), { error: message })
    .nullable()
    .default(null);
}

/** Body mass index (kg/m²) to one decimal, when both weight and height are known. */
export function bmiOf({
  weight,
  height,
}: {
  weight: number | null | undefined;
  height: number | null | undefined;
}): number | null {
  if (weight == null || height == null || height <= 0) return null;
  return Math.round((weight / (height / 100) ** 2) * 10) / 10;
}

const notes = () =>
  optionalText(VISIT_LIMITS.notesMax, VISIT_MESSAGES.notesTooLong, { isMultiLine: true });

/**
 * What the form sends and `POST …/visits` / `PUT …/visits/{visitId}` accept (a PUT replaces the
 * whole visit). The patient is the one of the path; BMI is computed, never sent. Unknown fields
 * are rejected.
 */
export const ZVisitInput = z
  .strictObject({
    occurredAt: ZInstant(VISIT_MESSAGES.occurredAtRequired).describe(
      'When the visit took place, ISO 8601 with an offset, e.g. 2026-03-02T09:00:00+01:00',
    ),
    reason: optionalText(VISIT_LIMITS.reasonMax, VISIT_MESSAGES.reasonTooLong).describe(
      'Up to 200 characters',
    ),
    subjective: notes().describe('SOAP: what the patient reports; up to 10,000 characters'),
    objective: notes().describe('SOAP: findings; up to 10,000 characters'),
    assessment: notes().describe('SOAP: assessment; up to 10,000 characters'),
    plan: notes().describe('SOAP: plan; up to 10,000 characters'),
    systolic: vitalSign('systolic').describe('Systolic blood pressure, mmHg, 50–300'),
    diastolic: vitalSign('diastolic').describe('Diastolic blood pressure, mmHg, 20–200'),
    heartRate: vitalSign('heartRate').describe('Heart rate, beats per minute, 20–300'),
    temperature: vitalSign('temperature').describe('Body temperature, °C, 30–45, one decimal'),
    weight: vitalSign('weight').describe('Body weight, kg, 0.2–500, one decimal'),
    height: vitalSign('height').describe('Body height, cm, 20–272, one decimal'),
    oxygenSaturation: vitalSign('oxygenSaturation').describe('Oxygen saturation, %, 50–100'),
    appointmentId: z
      .uuid({ error: VISIT_MESSAGES.appointmentInvalid })
      .nullable()
      .default(null)
      .describe(
        'An appointment of this patient that the visit closes: it is marked fulfilled (booked, arrived or fulfilled ones only)',
      ),
  })
  .refine(
    ({ systolic, diastolic }) => systolic == null || diastolic == null || diastolic < systolic,
    { error: VISIT_MESSAGES.diastolicAboveSystolic, path: ['diastolic'] },
  );

export type TVisitInput = z.input<typeof ZVisitInput>;
export type TVisitData = z.output<typeof ZVisitInput>;

/** `POST …/visits/{visitId}/addenda`: a correction or addition to a signed visit. */
export const ZAddendumInput = z.strictObject({
  text: requiredTrimmedText({
    max: VISIT_LIMITS.notesMax,
    required: VISIT_MESSAGES.addendumRequired,
    tooLong: VISIT_MESSAGES.addendumTooLong,
    invalid: APPOINTMENT_MESSAGES.textInvalid,
    isMultiLine: true,
  }).describe('Up to 10,000 characters'),
});

export type TAddendumInput = z.input<typeof ZAddendumInput>;

export const ZAddendum = z.object({
  _id: z.uuid(),
  text: z.string(),
  authorId: z.uuid(),
  authorName: z.string(),
  createdAt: z.string(),
});

export type TAddendum = z.infer<typeof ZAddendum>;

const vitalAnswer = z.number().nullable();

/** A visit as the API answers it. */
export const ZVisit = patientRecordAnswer({
  appointmentId: z.uuid().nullable(),
  /** UTC, ISO 8601 with milliseconds. */
  occurredAt: z.string(),
  reason: z.string(),
  subjective: z.string(),
  objective: z.string(),
  assessment: z.string(),
  plan: z.string(),
  systolic: vitalAnswer,
  diastolic: vitalAnswer,
  heartRate: vitalAnswer,
  temperature: vitalAnswer,
  weight: vitalAnswer,
  height: vitalAnswer,
  oxygenSaturation: vitalAnswer,
  bmi: vitalAnswer.describe('kg/m², one decimal, computed from weight and height'),
  signedAt: z.string().nullable().describe('When the visit was signed; null while a draft'),
  signedBy: z.object({ id: z.uuid(), name: z.string() }).nullable().describe('Who signed it'),
  addenda: z.array(ZAddendum).describe('Oldest first'),
  patientSharing: z
    .enum(['default', 'shared', 'private'])
    .describe(
      'Whether the notes reach a linked patient: `default` when signed after the link was made, `shared` always, `private` never',
    ),
});

export type TVisit = z.infer<typeof ZVisit>;

/** `GET …/visits?limit=&cursor=`: newest first. */
export const ZVisitListQuery = ZPageQuery;
export type TVisitListQuery = z.input<typeof ZVisitListQuery>;

/**
 * What a linked patient sees of a signed visit: its day, reason and measurements always; the
 * SOAP notes and their addenda (`notes`, `addenda`) only when they are shared with the patient
 * (my-health.ts); never who signed it or the appointment it closed.
 */
export const VISIT_PATIENT_VIEW = [
  '_id',
  'occurredAt',
  'signedAt',
  'reason',
  'systolic',
  'diastolic',
  'heartRate',
  'temperature',
  'weight',
  'height',
  'oxygenSaturation',
  'bmi',
] as const satisfies readonly (keyof TVisit)[];

/**
 * Whether a signed visit's notes reach a linked patient: `default`, when they were signed after
 * the person was linked; `shared` or `private` as the practitioner set it for that visit.
 */
export const VISIT_PATIENT_SHARING = ['default', 'shared', 'private'] as const;
export type TVisitPatientSharing = (typeof VISIT_PATIENT_SHARING)[number];

/** `PUT /api/records/patients/{id}/visits/{visitId}/sharing`. */
export const ZVisitSharingInput = z.strictObject({
  sharing: z
    .enum(VISIT_PATIENT_SHARING, { error: VISIT_MESSAGES.sharingInvalid })
    .describe(
      '`default`: the notes reach a linked patient when signed after the link was made; `shared`: always; `private`: never',
    ),
});
export type TVisitSharingInput = z.infer<typeof ZVisitSharingInput>;

export { VISIT_MESSAGES };
