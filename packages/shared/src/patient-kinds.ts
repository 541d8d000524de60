import { ALLERGY_KIND } from './allergy-kind.ts';
import { CARE_PLAN_KIND } from './care-plan-kind.ts';
import { IMMUNIZATION_KIND } from './immunization-kind.ts';
import { PRESCRIPTION_KIND } from './prescription-kind.ts';

/**
 * The registry of the patient-owned kinds of clinical record: one declaration each
 * (patient-kind.ts). A new kind is one line here; the error catalogue, the audit trail, the
 * timeline and the web's field messages read this list, and the API's and the web's own
 * registries (apps/api/src/kinds, apps/web/src/kinds) add what each side needs.
 */
export const PATIENT_KINDS = [
  ALLERGY_KIND,
  PRESCRIPTION_KIND,
  CARE_PLAN_KIND,
  IMMUNIZATION_KIND,
] as const;

export type TPatientKind = (typeof PATIENT_KINDS)[number];
export type TPatientKindName = TPatientKind['kind'];

/** One kind's declaration by its name. */
export function patientKind<Name extends TPatientKindName>(
  name: Name,
): Extract<TPatientKind, { kind: Name }> {
  return PATIENT_KINDS.find((declaration) => declaration.kind === name) as Extract<
    TPatientKind,
    { kind: Name }
  >;
}
