import type { ALLERGY_KIND, TAllergy, TAllergySeverity } from '@portal/shared/allergy';
import type {
  PRESCRIPTION_KIND,
  TMedicationRoute,
  TPrescription,
} from '@portal/shared/prescription';
import type { AllergyRow, PrescriptionRow } from '../../db/schema/clinical.ts';
import type { ExportingPractitioner } from '../appointments/appointments.fhir.ts';
import { derivedUuid, type FhirEntry, type FhirResource } from '../patients/patients.fhir.ts';
import { toApiAllergy } from './allergies.service.ts';
import { toApiPrescription } from './prescriptions.fields.ts';

/** FHIR's criticality is the risk of a future reaction: only a severe one is high. */
const CRITICALITY: Record<TAllergySeverity, 'low' | 'high'> = {
  mild: 'low',
  moderate: 'low',
  severe: 'high',
};

/** SNOMED CT route of administration codes (the value set of `Dosage.route`). */
const ROUTE_CODES: Record<TMedicationRoute, { code: string; display: string } | null> = {
  oral: { code: '26643006', display: 'Oral route' },
  intravenous: { code: '47625008', display: 'Intravenous route' },
  intramuscular: { code: '78421000', display: 'Intramuscular route' },
  topical: { code: '6064005', display: 'Topical route' },
  inhaled: { code: '18679011000001101', display: 'Inhalation' },
  other: null,
};

const patientReference = (patientId: string) => ({
  reference: `urn:uuid:${patientId}`,
  type: 'Patient',
});

/** What a linked patient sees of an allergy (its kind's patient view), and whose it is. */
export type AllergyView = Pick<TAllergy, (typeof ALLERGY_KIND.patientView)[number] | 'patientId'>;

/**
 * One allergy as a FHIR R4 AllergyIntolerance from the fields a linked patient sees: their own
 * record and, with the practitioner's bookkeeping added, the export (FHIR strings may not be
 * empty).
 */
export function toFhirAllergyView(
  allergy: AllergyView,
  practitioner: Pick<ExportingPractitioner, 'name'>,
): FhirEntry {
  const resource: FhirResource = {
    resourceType: 'AllergyIntolerance',
    id: allergy._id,
    clinicalStatus: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical',
          code: allergy.status,
        },
      ],
    },
    verificationStatus: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
          code: 'confirmed',
        },
      ],
    },
    criticality: CRITICALITY[allergy.severity],
    code: { text: allergy.substance },
    patient: patientReference(allergy.patientId),
    recordedDate: allergy.createdAt,
    recorder: { display: practitioner.name },
    ...(allergy.reaction && {
      reaction: [{ manifestation: [{ text: allergy.reaction }], severity: allergy.severity }],
    }),
  };
  return { fullUrl: `urn:uuid:${allergy._id}`, resource };
}

/** One allergy as a FHIR R4 AllergyIntolerance, for the practitioner's export. */
export function toFhirAllergy(row: AllergyRow, practitioner: ExportingPractitioner): FhirEntry {
  const allergy = toApiAllergy(row);
  const entry = toFhirAllergyView(allergy, practitioner);
  return { ...entry, resource: { ...entry.resource, meta: { lastUpdated: allergy.updatedAt } } };
}

/** What a linked patient sees of a prescription (its kind's patient view), and whose it is. */
export type PrescriptionView = Pick<
  TPrescription,
  (typeof PRESCRIPTION_KIND.patientView)[number] | 'patientId'
>;

/**
 * One prescription as a FHIR R4 MedicationRequest (an order, by the practitioner) from the
 * fields a linked patient sees: never the stop reason, which only the export adds.
 */
export function toFhirPrescriptionView(
  prescription: PrescriptionView,
  practitioner: Pick<ExportingPractitioner, 'name'>,
): FhirEntry {
  const route = ROUTE_CODES[prescription.route];
  const text = [
    prescription.strength,
    prescription.dose,
    prescription.frequency,
    prescription.duration,
  ]
    .filter(Boolean)
    .join(', ');
  const resource: FhirResource = {
    resourceType: 'MedicationRequest',
    id: prescription._id,
    status: prescription.status,
    intent: 'order',
    medicationCodeableConcept: { text: prescription.medication },
    subject: patientReference(prescription.patientId),
    authoredOn: prescription.createdAt,
    requester: { display: practitioner.name },
    dosageInstruction: [
      {
        text,
        ...(prescription.instructions && { patientInstruction: prescription.instructions }),
        ...(prescription.endDate && {
          timing: { repeat: { boundsPeriod: { end: prescription.endDate } } },
        }),
        route: {
          ...(route && { coding: [{ system: 'http://snomed.info/sct', ...route }] }),
          text: prescription.route,
        },
      },
    ],
  };
  return { fullUrl: `urn:uuid:${prescription._id}`, resource };
}

/**
 * A dispensed prescription's FHIR R4 MedicationDispense: the medicine handed over, when and by
 * which pharmacy, authorised by the prescription's MedicationRequest. None until dispensed.
 */
export function toFhirDispenseView(prescription: PrescriptionView): FhirEntry[] {
  if (!prescription.dispensedAt) return [];
  const id = derivedUuid(prescription._id, 'dispense');
  const resource: FhirResource = {
    resourceType: 'MedicationDispense',
    id,
    status: 'completed',
    medicationCodeableConcept: { text: prescription.medication },
    subject: patientReference(prescription.patientId),
    authorizingPrescription: [{ reference: `urn:uuid:${prescription._id}` }],
    whenHandedOver: prescription.dispensedAt,
    ...(prescription.dispensedBy && {
      performer: [{ actor: { display: prescription.dispensedBy } }],
    }),
  };
  return [{ fullUrl: `urn:uuid:${id}`, resource }];
}

/**
 * One prescription as a FHIR R4 MedicationRequest, for the practitioner's export, and its
 * MedicationDispense once dispensed.
 */
export function toFhirPrescription(
  row: PrescriptionRow,
  practitioner: ExportingPractitioner,
): FhirEntry[] {
  // The FHIR resources carry no verification link: it is read from the portal's answers.
  const prescription = toApiPrescription(row, { publicUrl: '' });
  const entry = toFhirPrescriptionView(prescription, practitioner);
  const resource: FhirResource = {
    ...entry.resource,
    meta: { lastUpdated: prescription.updatedAt },
    ...(prescription.stopReason && { statusReason: { text: prescription.stopReason } }),
  };
  return [{ ...entry, resource }, ...toFhirDispenseView(prescription)];
}
