/**
 * What every patient-owned kind of clinical record (a care plan, a prescription…)
 * declares once, in the shared package: its names, its error codes and texts, its validation
 * messages and its timeline entries. The registry (patient-kinds.ts) lists the declarations;
 * the error catalogue, the audit trail's subject kinds, the timeline and the web's field
 * messages read them from there.
 */
export interface PatientKind {
  /** 'carePlan': the audit trail's subject kind and the `{carePlanId}` path parameter. */
  kind: string;
  /** 'care-plans': the path under /api/records/patients/{id}/ and the OpenAPI tag. */
  segment: string;
  /** 'care plan': how the English error texts name one. */
  noun: string;
  /** 'CARE_PLAN': its error codes are `CARE_PLAN_NOT_FOUND` and `CARE_PLAN_CHANGED`. */
  errorPrefix: string;
  /** Its validation messages by code (each text unique among the shared tables). */
  messages: Readonly<Record<string, string>>;
  /** The web's texts namespace, where its field messages are translated. */
  namespace: string;
  /**
   * What a linked patient sees of one item (`/api/me/patients/{patientId}/<segment>`): an
   * allowlist of the answer's fields, so a field added to the kind stays with the practitioner
   * until it is named here. The patient's routes, their FHIR record and their tests read it.
   */
  patientView: readonly string[];
  /** Its stored timeline entries, in the order that breaks a tie, and their `state` values. */
  timeline?: {
    entries: readonly string[];
    states: readonly string[];
    /** The OpenAPI description of its entries' fields, for a kind declared after the first four. */
    about?: { at: string; summary: string; detail: string; state: string };
  };
}

/** Checks a declaration and keeps its literal types. */
export const definePatientKind = <const Declaration extends PatientKind>(
  declaration: Declaration,
) => declaration;

type ErrorEntry = { status: number; message: string };

/** The two error codes of a kind: its missing item (404) and its stale `If-Match` (409). */
export function itemErrorCodes<Prefix extends string>(errorPrefix: Prefix) {
  return {
    missing: `${errorPrefix}_NOT_FOUND` as const,
    changed: `${errorPrefix}_CHANGED` as const,
  };
}

/** The catalogue entries of the kinds' error codes, with their English texts. */
export function itemErrors<const Kinds extends readonly PatientKind[]>(kinds: Kinds) {
  type Code = `${Kinds[number]['errorPrefix']}_${'NOT_FOUND' | 'CHANGED'}`;
  const entries: [string, ErrorEntry][] = kinds.flatMap(({ errorPrefix, noun }) => {
    const { missing, changed } = itemErrorCodes(errorPrefix);
    return [
      [missing, { status: 404, message: `The ${noun} could not be found.` }],
      [
        changed,
        {
          status: 409,
          message: `This ${noun} was changed after you opened it. Reload to see the latest details, then make your changes again.`,
        },
      ],
    ];
  });
  return Object.fromEntries(entries) as Record<Code, ErrorEntry>;
}
