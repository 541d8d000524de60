import type { TMyVisit } from '@portal/shared/my-health';
import { VITAL_SIGNS, type TVisit, type TVitalSign } from '@portal/shared/visit';
import type { ExportingPractitioner, FhirParty } from '../appointments/appointments.fhir.ts';
import { derivedUuid, type FhirEntry, type FhirResource } from '../patients/patients.fhir.ts';
import { toApiVisit, type VisitRecord } from './visits.fields.ts';

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';

/** The LOINC names of the vital signs (FHIR's vital-signs profile) and UCUM's printable units. */
const VITAL_DISPLAY: Record<TVitalSign | 'bmi', { display: string; unit: string }> = {
  systolic: { display: 'Systolic blood pressure', unit: 'mmHg' },
  diastolic: { display: 'Diastolic blood pressure', unit: 'mmHg' },
  heartRate: { display: 'Heart rate', unit: 'beats/minute' },
  temperature: { display: 'Body temperature', unit: '°C' },
  weight: { display: 'Body weight', unit: 'kg' },
  height: { display: 'Body height', unit: 'cm' },
  oxygenSaturation: { display: 'Oxygen saturation in Arterial blood', unit: '%' },
  bmi: { display: 'Body mass index (BMI) [Ratio]', unit: 'kg/m2' },
};

const CODED: Record<TVitalSign | 'bmi', { loinc: string; ucum: string }> = {
  ...(Object.fromEntries(
    Object.entries(VITAL_SIGNS).map(([key, { loinc, unit }]) => [key, { loinc, ucum: unit }]),
  ) as Record<TVitalSign, { loinc: string; ucum: string }>),
  bmi: { loinc: '39156-5', ucum: 'kg/m2' },
};

/** The blood pressure panel; systolic and diastolic are its components, not Observations. */
const BLOOD_PRESSURE_PANEL = {
  code: '85354-9',
  display: 'Blood pressure panel with all children optional',
};
const SINGLE_VITALS = [
  'heartRate',
  'temperature',
  'weight',
  'height',
  'oxygenSaturation',
  'bmi',
] as const;

const codeOf = (key: TVitalSign | 'bmi') => ({
  coding: [{ system: LOINC, code: CODED[key].loinc, display: VITAL_DISPLAY[key].display }],
  text: VITAL_DISPLAY[key].display,
});

const quantityOf = (key: TVitalSign | 'bmi', value: number) => ({
  value,
  unit: VITAL_DISPLAY[key].unit,
  system: UCUM,
  code: CODED[key].ucum,
});

const VITAL_SIGNS_CATEGORY = [
  {
    coding: [
      {
        system: 'http://terminology.hl7.org/CodeSystem/observation-category',
        code: 'vital-signs',
        display: 'Vital Signs',
      },
    ],
  },
];

/** What the FHIR mappers read of a visit: what a linked patient sees, and whose it is. */
type VisitView = Pick<
  TVisit,
  | '_id'
  | 'patientId'
  | 'occurredAt'
  | 'signedAt'
  | 'reason'
  | 'systolic'
  | 'diastolic'
  | (typeof SINGLE_VITALS)[number]
> & { updatedAt?: string };

/**
 * The vital-sign Observations of one visit (FHIR's vital-signs profile): the blood pressure
 * panel with its components, then one per other measured sign, BMI included. Final once the
 * visit is signed, preliminary before.
 */
function toFhirObservations(visit: VisitView): FhirEntry[] {
  const common = {
    status: visit.signedAt ? 'final' : 'preliminary',
    category: VITAL_SIGNS_CATEGORY,
    subject: { reference: `urn:uuid:${visit.patientId}`, type: 'Patient' },
    encounter: { reference: `urn:uuid:${visit._id}`, type: 'Encounter' },
    effectiveDateTime: visit.occurredAt,
  };
  const observation = (kind: string, rest: Record<string, unknown>): FhirEntry => {
    const id = derivedUuid(visit._id, kind);
    const resource: FhirResource = {
      resourceType: 'Observation',
      id,
      ...(visit.updatedAt && { meta: { lastUpdated: visit.updatedAt } }),
      ...common,
      ...rest,
    };
    return { fullUrl: `urn:uuid:${id}`, resource };
  };
  const entries: FhirEntry[] = [];
  const pressures = (['systolic', 'diastolic'] as const).filter((key) => visit[key] !== null);
  if (pressures.length > 0) {
    entries.push(
      observation('blood-pressure', {
        code: { coding: [{ system: LOINC, ...BLOOD_PRESSURE_PANEL }], text: 'Blood pressure' },
        component: pressures.map((key) => ({
          code: codeOf(key),
          valueQuantity: quantityOf(key, visit[key]!),
        })),
      }),
    );
  }
  for (const key of SINGLE_VITALS) {
    const value = visit[key];
    if (value === null) continue;
    entries.push(observation(key, { code: codeOf(key), valueQuantity: quantityOf(key, value) }));
  }
  return entries;
}

/** An ambulatory Encounter of the visit's patient with its practitioner. */
function encounterOf(visit: VisitView, practitioner: FhirParty): FhirResource {
  return {
    resourceType: 'Encounter',
    id: visit._id,
    ...(visit.updatedAt && { meta: { lastUpdated: visit.updatedAt } }),
    status: visit.signedAt ? 'finished' : 'in-progress',
    class: {
      system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
      code: 'AMB',
      display: 'ambulatory',
    },
    subject: { reference: `urn:uuid:${visit.patientId}`, type: 'Patient' },
    participant: [
      {
        individual: {
          reference: `urn:uuid:${practitioner.id}`,
          type: 'Practitioner',
          display: practitioner.name,
        },
      },
    ],
    period: { start: visit.occurredAt },
    ...(visit.reason && { reasonCode: [{ text: visit.reason }] }),
  };
}

/** LOINC's names of the SOAP sections of a note. */
const SOAP_LOINC = {
  subjective: { code: '61150-9', display: 'Subjective Narrative' },
  objective: { code: '61149-1', display: 'Objective Narrative' },
  assessment: { code: '51848-0', display: 'Evaluation note' },
  plan: { code: '18776-5', display: 'Plan of care note' },
} as const;

const XHTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

/** A plain text as FHIR narrative: escaped XHTML, its line breaks kept. */
const narrativeOf = (text: string) => ({
  status: 'generated',
  div: `<div xmlns="http://www.w3.org/1999/xhtml">${text
    .replace(/[&<>"]/g, (char) => XHTML_ESCAPES[char]!)
    .replace(/\r?\n/g, '<br/>')}</div>`,
});

/**
 * A shared visit's notes as a FHIR R4 Composition (LOINC 11506-3, a progress note) of the
 * Encounter: one section per SOAP part written (FHIR has no empty narrative), then one per
 * addendum, oldest first.
 */
function toFhirNotes(
  visit: TMyVisit & { notes: NonNullable<TMyVisit['notes']> },
  { patientId, practitioner }: { patientId: string; practitioner: FhirParty },
): FhirEntry {
  const id = derivedUuid(visit._id, 'notes');
  const soap = (Object.keys(SOAP_LOINC) as (keyof typeof SOAP_LOINC)[])
    .filter((part) => visit.notes[part].trim() !== '')
    .map((part) => ({
      title: SOAP_LOINC[part].display,
      code: { coding: [{ system: LOINC, ...SOAP_LOINC[part] }] },
      text: narrativeOf(visit.notes[part]),
    }));
  const addenda = visit.addenda.map((addendum) => ({
    id: addendum._id,
    title: `Addendum of ${addendum.createdAt}`,
    text: narrativeOf(addendum.text),
  }));
  const sections = [...soap, ...addenda];
  const resource: FhirResource = {
    resourceType: 'Composition',
    id,
    status: 'final',
    type: {
      coding: [{ system: LOINC, code: '11506-3', display: 'Progress note' }],
      text: 'Visit notes',
    },
    subject: { reference: `urn:uuid:${patientId}`, type: 'Patient' },
    encounter: { reference: `urn:uuid:${visit._id}`, type: 'Encounter' },
    date: visit.signedAt,
    author: [
      {
        reference: `urn:uuid:${practitioner.id}`,
        type: 'Practitioner',
        display: practitioner.name,
      },
    ],
    title: 'Visit notes',
    ...(sections.length > 0 && { section: sections }),
  };
  return { fullUrl: `urn:uuid:${id}`, resource };
}

/**
 * A signed visit as a linked patient sees it: the Encounter (never who signed it or the
 * appointment it closed), its vital-sign Observations, and its notes as a Composition only when
 * they are shared.
 */
export function toFhirVisitView(
  visit: TMyVisit,
  { patientId, practitioner }: { patientId: string; practitioner: FhirParty },
): FhirEntry[] {
  const item = { ...visit, patientId };
  return [
    { fullUrl: `urn:uuid:${visit._id}`, resource: encounterOf(item, practitioner) },
    ...toFhirObservations(item),
    ...(visit.notes
      ? [toFhirNotes({ ...visit, notes: visit.notes }, { patientId, practitioner })]
      : []),
  ];
}

/**
 * One visit as an R4 Encounter (ambulatory; finished once signed, in progress before) with its
 * patient, its practitioner, the appointment it closed, and its vital-sign Observations. FHIR
 * strings may not be empty, so an empty reason is left out.
 */
export function toFhirVisitEntries(
  record: VisitRecord,
  practitioner: ExportingPractitioner,
): FhirEntry[] {
  const visit = toApiVisit(record);
  const encounter: FhirResource = {
    ...encounterOf(visit, practitioner),
    ...(visit.appointmentId && {
      appointment: [{ reference: `urn:uuid:${visit.appointmentId}`, type: 'Appointment' }],
    }),
  };
  return [{ fullUrl: `urn:uuid:${visit._id}`, resource: encounter }, ...toFhirObservations(visit)];
}
