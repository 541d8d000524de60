import { patientKind } from '@portal/shared/patient-kinds';
import { PatientAllergies } from '../features/clinical/patient-allergies.tsx';
import { PatientMedications } from '../features/clinical/patient-medications.tsx';
import { IMMUNIZATIONS } from './immunizations.tsx';
import type { WebKind } from './web-kind.ts';

/**
 * The web's patient-owned kinds, in the order of their sections in the patient's details: a new
 * kind is one line here, with its declaration beside its section. The patient's page, the
 * timeline's labels, the page's texts and the fake API read this list.
 */
export const WEB_KINDS: readonly WebKind[] = [
  { shared: patientKind('allergy'), Section: PatientAllergies, section: 'allergies' },
  { shared: patientKind('prescription'), Section: PatientMedications, section: 'medications' },
  IMMUNIZATIONS,
];

/** The namespaces of the kinds' texts, loaded with the patient's page. */
export const WEB_KIND_NAMESPACES = [...new Set(WEB_KINDS.map(({ shared }) => shared.namespace))];

/** By timeline entry kind, the namespace of a kind that labels its own entries. */
export const TIMELINE_ENTRY_NAMESPACES: Readonly<Partial<Record<string, string>>> =
  Object.fromEntries(
    WEB_KINDS.flatMap(({ shared, hasTimelineTexts }) =>
      hasTimelineTexts
        ? (shared.timeline?.entries ?? []).map((entry) => [entry, shared.namespace])
        : [],
    ),
  );
