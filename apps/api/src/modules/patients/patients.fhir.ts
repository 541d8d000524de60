import crypto from 'node:crypto';
import type { TMyPatient } from '@portal/shared/my-health';
import type { TPatient } from '@portal/shared/patient';
import type { PatientRow } from '../../db/schema/patients.ts';
import { toApiPatient } from './patients.fields.ts';

/** FHIR R4 (4.0.1) resources for the export. Only the elements we fill in. */
export type FhirResource = { resourceType: string; id: string } & Record<string, unknown>;
export interface FhirEntry {
  fullUrl: string;
  resource: FhirResource;
}

const GENDER: Record<NonNullable<TPatient['gender']>, 'male' | 'female' | 'other' | 'unknown'> = {
  Male: 'male',
  Female: 'female',
  Other: 'other',
  'Prefer not to say': 'unknown',
};

/**
 * FHIR has no element for "has chronic diseases", so it travels as an extension of Patient
 * (a boolean). The URL names it; it is not resolvable.
 */
export const HAS_CHRONIC_DISEASES_URL =
  'https://carebridge.example/fhir/StructureDefinition/has-chronic-diseases';

/** SNOMED CT findings for each ABO/Rh(D) group, the usual answers to LOINC 882-1. */
const BLOOD_GROUP_SNOMED: Record<
  NonNullable<TPatient['bloodGroup']>,
  { code: string; display: string }
> = {
  'A+': { code: '278149003', display: 'Blood group A Rh(D) positive' },
  'A-': { code: '278152006', display: 'Blood group A Rh(D) negative' },
  'B+': { code: '278150003', display: 'Blood group B Rh(D) positive' },
  'B-': { code: '278153001', display: 'Blood group B Rh(D) negative' },
  'AB+': { code: '278151004', display: 'Blood group AB Rh(D) positive' },
  'AB-': { code: '278154007', display: 'Blood group AB Rh(D) negative' },
  'O+': { code: '278147001', display: 'Blood group O Rh(D) positive' },
  'O-': { code: '278148006', display: 'Blood group O Rh(D) negative' },
};

/** A stable UUID for a resource derived from a record (name-based, RFC 4122 version 5 layout). */
export function derivedUuid(patientId: string, kind: string): string {
  const hash = crypto.createHash('sha1').update(`${patientId}/${kind}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The bundle entries for one patient: the Patient, a Condition for the diagnosis and an
 * Observation (LOINC 882-1) for the blood group, linked by `urn:uuid:` references.
 * `now` fixes the year an approximate birth date is counted from when the date is not known.
 */
export function toFhirEntries(row: TPatient, now: Date): FhirEntry[] {
  const patientUrl = `urn:uuid:${row._id}`;
  const subject = { reference: patientUrl, type: 'Patient', display: row.name };
  const lastUpdated = row.updatedAt;
  const telecom = [
    ...(row.phone ? [{ system: 'phone', value: row.phone, use: 'mobile' }] : []),
    ...(row.email ? [{ system: 'email', value: row.email }] : []),
  ];
  const patient: FhirResource = {
    resourceType: 'Patient',
    id: row._id,
    meta: { lastUpdated },
    extension: [{ url: HAS_CHRONIC_DISEASES_URL, valueBoolean: row.hasChronicDiseases }],
    active: true,
    name: [{ text: row.name }],
    ...(telecom.length > 0 && { telecom }),
    gender: row.gender === null ? 'unknown' : GENDER[row.gender],
    // Without a date of birth only the age is known: the year it gives may be one year off. A
    // self-registered record without one has no age either (its 0 is not a newborn's).
    ...((row.dateOfBirth || !row.selfRegistered) && {
      birthDate: row.dateOfBirth ?? String(now.getUTCFullYear() - row.age).padStart(4, '0'),
    }),
    ...(row.address && { address: [{ text: row.address }] }),
    ...(row.emergencyContact.phone && {
      contact: [
        {
          relationship: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/v2-0131',
                  code: 'C',
                  display: 'Emergency Contact',
                },
              ],
            },
          ],
          telecom: [{ system: 'phone', value: row.emergencyContact.phone }],
        },
      ],
    }),
  };
  const conditionId = derivedUuid(row._id, 'condition');
  const condition: FhirResource = {
    resourceType: 'Condition',
    id: conditionId,
    meta: { lastUpdated },
    clinicalStatus: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
          code: 'active',
        },
      ],
    },
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/condition-category',
            code: 'problem-list-item',
            display: 'Problem List Item',
          },
        ],
      },
    ],
    code: { text: row.diagnosedWith },
    subject,
    recordedDate: row.createdAt,
  };
  const bloodGroup = row.bloodGroup === null ? undefined : BLOOD_GROUP_SNOMED[row.bloodGroup];
  const observationId = derivedUuid(row._id, 'blood-group');
  const observation: FhirResource = {
    resourceType: 'Observation',
    id: observationId,
    meta: { lastUpdated },
    status: 'final',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'laboratory',
            display: 'Laboratory',
          },
        ],
      },
    ],
    code: {
      coding: [
        {
          system: 'http://loinc.org',
          code: '882-1',
          display: 'ABO and Rh group [Type] in Blood',
        },
      ],
      text: 'Blood group',
    },
    subject,
    valueCodeableConcept: {
      ...(bloodGroup && {
        coding: [
          { system: 'http://snomed.info/sct', code: bloodGroup.code, display: bloodGroup.display },
        ],
      }),
      text: row.bloodGroup,
    },
  };
  // A self-registered record not yet completed has no diagnosis or blood group to state.
  return [
    { fullUrl: patientUrl, resource: patient },
    ...(row.diagnosedWith === ''
      ? []
      : [{ fullUrl: `urn:uuid:${conditionId}`, resource: condition }]),
    ...(row.bloodGroup === null
      ? []
      : [{ fullUrl: `urn:uuid:${observationId}`, resource: observation }]),
  ];
}

/**
 * The Patient as a linked person sees it: the name and, when known, the date of birth; never the
 * diagnosis, blood group, contacts or gender the practitioner's export holds.
 */
export function toFhirPatientView(patient: TMyPatient['patient']): FhirEntry {
  return {
    fullUrl: `urn:uuid:${patient._id}`,
    resource: {
      resourceType: 'Patient',
      id: patient._id,
      active: true,
      name: [{ text: patient.name }],
      ...(patient.dateOfBirth && { birthDate: patient.dateOfBirth }),
    },
  };
}

/** The entries for each batch of patients. */
export async function* fhirPatientEntries(
  batches: AsyncIterable<PatientRow[]>,
  now: Date,
): AsyncGenerator<FhirEntry[]> {
  for await (const rows of batches)
    yield rows.flatMap((row) => toFhirEntries(toApiPatient(row), now));
}

/**
 * A FHIR R4 `Bundle` of type `collection` holding the entries of every source in turn, written
 * as JSON text piece by piece so that any number of patients and appointments streams in
 * bounded memory.
 */
export async function* fhirBundleChunks(
  sources: AsyncIterable<FhirEntry[]>[],
  now: Date,
): AsyncGenerator<string> {
  yield `{"resourceType":"Bundle","id":"${crypto.randomUUID()}","type":"collection","timestamp":"${now.toISOString()}"`;
  // FHIR JSON has no empty arrays: no entries means no `entry` at all.
  let hasEntries = false;
  for (const source of sources) {
    for await (const entries of source) {
      if (entries.length === 0) continue;
      yield (hasEntries ? ',' : ',"entry":[') + entries.map((e) => JSON.stringify(e)).join(',');
      hasEntries = true;
    }
  }
  yield hasEntries ? ']}' : '}';
}
