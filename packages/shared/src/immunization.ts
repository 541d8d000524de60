import { z } from 'zod';
import { clinicalOptionalText, clinicalRequiredText } from './clinical-text.ts';
import { calendarDay } from './day-fields.ts';
import { patientRecordAnswer } from './entity-answer.ts';
import { wholeNumber } from './number-fields.ts';
import { statusPageQuery } from './patient.ts';
import { VACCINE_CODES } from './vaccines.ts';
import {
  IMMUNIZATION_STATUSES,
  IMMUNIZATION_MESSAGES,
  IMMUNIZATION_KIND,
} from './immunization-kind.ts';

export const IMMUNIZATION_REASONS = [
  'immunity',
  'medical-precaution',
  'out-of-stock',
  'patient-objection',
] as const;
export const IMMUNIZATION_SITES = [
  'left-arm',
  'right-arm',
  'left-thigh',
  'right-thigh',
  'nose',
] as const;
export const IMMUNIZATION_ROUTES = [
  'intramuscular',
  'subcutaneous',
  'intradermal',
  'oral',
  'intranasal',
] as const;
export type TImmunizationStatus = (typeof IMMUNIZATION_STATUSES)[number];
export type TImmunizationReason = (typeof IMMUNIZATION_REASONS)[number];
export type TImmunizationSite = (typeof IMMUNIZATION_SITES)[number];
export type TImmunizationRoute = (typeof IMMUNIZATION_ROUTES)[number];

export const IMMUNIZATION_LIMITS = {
  vaccineMax: 200,
  lotMax: 50,
  noteMax: 500,
  doseMax: 20,
} as const;

const ZImmunizationStatus = z.enum(IMMUNIZATION_STATUSES, {
  error: IMMUNIZATION_MESSAGES.statusInvalid,
});

/**
 * What the form sends and `POST`/`PUT /api/records/patients/{id}/immunizations[/{immunizationId}]`
 * accept (a PUT replaces the whole immunization). Unknown fields are rejected.
 */
export const ZImmunizationInput = z
  .strictObject({
    vaccine: clinicalRequiredText(
      IMMUNIZATION_LIMITS.vaccineMax,
      IMMUNIZATION_MESSAGES.vaccineRequired,
      IMMUNIZATION_MESSAGES.vaccineTooLong,
    ).describe('The vaccine as named on the record, e.g. MMR; up to 200 characters'),
    vaccineCode: z
      .enum(VACCINE_CODES, { error: IMMUNIZATION_MESSAGES.vaccineCodeInvalid })
      .nullable()
      .default(null)
      .describe(
        'Its CVX code when it is one of the listed vaccines; null for a vaccine entered as text',
      ),
    occurredOn: calendarDay(IMMUNIZATION_MESSAGES.occurredOnInvalid).describe(
      'The day it was given (or due and not given), `YYYY-MM-DD`',
    ),
    doseNumber: wholeNumber(1, IMMUNIZATION_LIMITS.doseMax, IMMUNIZATION_MESSAGES.doseNumberInvalid)
      .nullable()
      .default(null)
      .describe('Which dose of the series, 1 to 20; null when not known'),
    lotNumber: clinicalOptionalText(
      IMMUNIZATION_LIMITS.lotMax,
      IMMUNIZATION_MESSAGES.lotTooLong,
    ).describe('The lot number on the vial; up to 50 characters'),
    site: z
      .enum(IMMUNIZATION_SITES, { error: IMMUNIZATION_MESSAGES.siteInvalid })
      .nullable()
      .default(null),
    route: z
      .enum(IMMUNIZATION_ROUTES, { error: IMMUNIZATION_MESSAGES.routeInvalid })
      .nullable()
      .default(null),
    performerNote: clinicalOptionalText(
      IMMUNIZATION_LIMITS.noteMax,
      IMMUNIZATION_MESSAGES.noteTooLong,
    ).describe('Who gave it and where, e.g. Nurse Kim, City Clinic; up to 500 characters'),
    status: ZImmunizationStatus.default('completed').describe(
      '`completed` (given, the default) or `not-done`',
    ),
    statusReason: z
      .enum(IMMUNIZATION_REASONS, { error: IMMUNIZATION_MESSAGES.reasonRequired })
      .nullable()
      .default(null)
      .describe('Why it was not given: required for `not-done`, null otherwise'),
  })
  .superRefine((input, context) => {
    if (input.status === 'not-done' && input.statusReason === null)
      context.addIssue({
        code: 'custom',
        path: ['statusReason'],
        message: IMMUNIZATION_MESSAGES.reasonRequired,
      });
    if (input.status === 'completed' && input.statusReason !== null)
      context.addIssue({
        code: 'custom',
        path: ['statusReason'],
        message: IMMUNIZATION_MESSAGES.reasonOnlyNotDone,
      });
  });

export type TImmunizationInput = z.input<typeof ZImmunizationInput>;
export type TImmunizationData = z.output<typeof ZImmunizationInput>;

/** An immunization as the API answers it. */
export const ZImmunization = patientRecordAnswer({
  vaccine: z.string(),
  vaccineCode: z.enum(VACCINE_CODES).nullable(),
  occurredOn: z.iso.date(),
  doseNumber: z.number().int().nullable(),
  lotNumber: z.string(),
  site: z.enum(IMMUNIZATION_SITES).nullable(),
  route: z.enum(IMMUNIZATION_ROUTES).nullable(),
  performerNote: z.string(),
  status: z.enum(IMMUNIZATION_STATUSES),
  statusReason: z.enum(IMMUNIZATION_REASONS).nullable(),
});

export type TImmunization = z.infer<typeof ZImmunization>;

/** `GET /api/records/patients/{id}/immunizations?status=&limit=&cursor=` (newest first). */
export const ZImmunizationListQuery = statusPageQuery(
  ZImmunizationStatus,
  'Only immunizations with this status',
);

export { IMMUNIZATION_STATUSES, IMMUNIZATION_MESSAGES, IMMUNIZATION_KIND };
