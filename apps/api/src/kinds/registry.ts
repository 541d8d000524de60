import { carePlanKind } from '../modules/care-plans/care-plans.kind.ts';
import { allergyKind } from '../modules/clinical/allergies.kind.ts';
import { prescriptionKind } from '../modules/clinical/prescriptions.kind.ts';
import { immunizationKind } from './immunizations.ts';
import type { ApiPatientKind } from './kind.ts';

/**
 * The API's registry of patient-owned kinds, in the shared registry's order: the FHIR export,
 * the timeline, the kinds plugin (routes of the kinds without rules of their own), the
 * contract test and the fuzz suite read it. A kind with rules of its own (the allergy warning,
 * care plans' activities) keeps them in its module and is listed here all the same.
 */
export const API_KINDS: readonly ApiPatientKind[] = [
  allergyKind,
  prescriptionKind,
  carePlanKind,
  immunizationKind,
];
