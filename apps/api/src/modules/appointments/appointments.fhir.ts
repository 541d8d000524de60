import type { TAppointmentKind, TAppointmentStatus } from '@portal/shared/appointment';
import type { TMyAppointment, TMyPatient } from '@portal/shared/my-health';
import type { TPractice } from '@portal/shared/practice';
import type { FhirEntry, FhirResource } from '../patients/patients.fhir.ts';
import { toApiAppointment, type AppointmentRecord } from './appointments.fields.ts';

/** FHIR R4 `Appointment.status` for each of ours (FHIR spells no-show `noshow`, a request `pending`). */
export const FHIR_APPOINTMENT_STATUS: Record<
  TAppointmentStatus,
  'pending' | 'booked' | 'arrived' | 'fulfilled' | 'cancelled' | 'noshow'
> = {
  // A request made online waits for the practitioner's answer.
  requested: 'pending',
  booked: 'booked',
  arrived: 'arrived',
  fulfilled: 'fulfilled',
  cancelled: 'cancelled',
  'no-show': 'noshow',
};

/**
 * R4's Appointment has no element for how the patient attends (R5 added `virtualService`), so the
 * kind travels as an extension holding a v3 ParticipationMode coding. The URL names it; it is not
 * resolvable.
 */
export const APPOINTMENT_MODE_URL =
  'https://carebridge.example/fhir/StructureDefinition/appointment-mode';

const PARTICIPATION_MODE: Record<TAppointmentKind, { code: string; display: string }> = {
  'in-person': { code: 'FACE', display: 'face-to-face' },
  video: { code: 'VIDEOCONF', display: 'videoconferencing' },
  phone: { code: 'PHONE', display: 'telephone' },
};

/** The practitioner the export belongs to: every appointment's other participant. */
export interface ExportingPractitioner {
  id: string;
  name: string;
  email: string;
  /** Absent where the practice is not exported (the clinical kinds' entries). */
  practice?: TPractice;
}

/** v2 table 0203 "Provider number": a professional registration number, whatever its issuer. */
const REGISTRATION_NUMBER_TYPE = {
  coding: [
    {
      system: 'http://terminology.hl7.org/CodeSystem/v2-0203',
      code: 'PRN',
      display: 'Provider number',
    },
  ],
  text: 'Professional registration number',
};

/**
 * The practice as the practitioner's work address (R4's Practitioner has no organisation of its
 * own; a PractitionerRole would be a resource more for one name). FHIR strings may not be empty,
 * so absent parts are left out, and an empty address with them.
 */
function practiceAddress(
  practice: Pick<TPractice, 'name' | 'street' | 'postalCode' | 'city' | 'country'>,
) {
  const lines = (practice.street ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const cityLine = [practice.postalCode, practice.city].filter(Boolean).join(' ');
  const text = [practice.name, ...lines, cityLine, practice.country].filter(Boolean).join(', ');
  if (!text) return undefined;
  return {
    use: 'work',
    text,
    ...(lines.length > 0 && { line: lines }),
    ...(practice.city && { city: practice.city }),
    ...(practice.postalCode && { postalCode: practice.postalCode }),
    ...(practice.country && { country: practice.country }),
  };
}

export function toFhirPractitioner(practitioner: ExportingPractitioner): FhirEntry {
  const { practice } = practitioner;
  const address = practice && practiceAddress(practice);
  return {
    fullUrl: `urn:uuid:${practitioner.id}`,
    resource: {
      resourceType: 'Practitioner',
      id: practitioner.id,
      ...(practice?.registrationNumber && {
        identifier: [
          { use: 'official', type: REGISTRATION_NUMBER_TYPE, value: practice.registrationNumber },
        ],
      }),
      active: true,
      name: [{ text: practitioner.name }],
      telecom: [
        { system: 'email', value: practitioner.email },
        ...(practice?.phone ? [{ system: 'phone', value: practice.phone, use: 'work' }] : []),
      ],
      ...(address && { address: [address] }),
    },
  };
}

/**
 * The practitioner as a linked patient sees them on the practice's card: their name, the
 * practice's address and phone; never their e-mail or registration number. `id` is the one the
 * record's other resources reference.
 */
export function toFhirPractitionerView(id: string, card: TMyPatient['practice']): FhirEntry {
  const address = practiceAddress(card);
  return {
    fullUrl: `urn:uuid:${id}`,
    resource: {
      resourceType: 'Practitioner',
      id,
      active: true,
      name: [{ text: card.practitionerName }],
      ...(card.phone && { telecom: [{ system: 'phone', value: card.phone, use: 'work' }] }),
      ...(address && { address: [address] }),
    },
  };
}

/** Someone an Appointment or Encounter references: the id of its entry and the name shown. */
export interface FhirParty {
  id: string;
  name: string;
}

/**
 * One appointment as a FHIR R4 Appointment from the fields a linked patient sees (when, how,
 * whether it holds), with the patient and the practitioner as participants: never the
 * practitioner's note or reason, which only the export adds.
 */
export function toFhirAppointmentView(
  appointment: TMyAppointment,
  { patient, practitioner }: { patient: FhirParty; practitioner: FhirParty },
): FhirEntry {
  const resource: FhirResource = {
    resourceType: 'Appointment',
    id: appointment._id,
    extension: [
      {
        url: APPOINTMENT_MODE_URL,
        valueCoding: {
          system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationMode',
          ...PARTICIPATION_MODE[appointment.kind],
        },
      },
    ],
    status: FHIR_APPOINTMENT_STATUS[appointment.status],
    start: appointment.start,
    end: appointment.end,
    participant: [
      {
        actor: { reference: `urn:uuid:${patient.id}`, type: 'Patient', display: patient.name },
        required: 'required',
        status: 'accepted',
      },
      {
        actor: {
          reference: `urn:uuid:${practitioner.id}`,
          type: 'Practitioner',
          display: practitioner.name,
        },
        required: 'required',
        status: 'accepted',
      },
    ],
  };
  return { fullUrl: `urn:uuid:${appointment._id}`, resource };
}

/**
 * One appointment as a FHIR R4 Appointment: the patient (by the `urn:uuid:` of its Patient entry)
 * and the practitioner as participants. FHIR strings may not be empty, so an empty reason or
 * note is left out.
 */
export function toFhirAppointment(
  record: AppointmentRecord,
  practitioner: ExportingPractitioner,
): FhirEntry {
  const appointment = toApiAppointment(record);
  const entry = toFhirAppointmentView(appointment, {
    patient: { id: appointment.patientId, name: appointment.patientName },
    practitioner,
  });
  const resource: FhirResource = {
    ...entry.resource,
    meta: { lastUpdated: appointment.updatedAt },
    ...(appointment.reason && { reasonCode: [{ text: appointment.reason }] }),
    minutesDuration: appointment.duration,
    created: appointment.createdAt,
    ...(appointment.note && { comment: appointment.note }),
  };
  return { ...entry, resource };
}

/**
 * The entries of the practitioner's records (appointments, visits): `entriesOf(batches, toFhir)`
 * maps a stream of them batch by batch (a row to one entry or several), and puts the
 * Practitioner entry before the first batch that references it, whichever stream of the export
 * that is: nothing references it, no Practitioner.
 */
export function createPractitionerEntries(practitioner: ExportingPractitioner) {
  let isWritten = false;
  const withPractitioner = (entries: FhirEntry[]): FhirEntry[] => {
    if (isWritten || entries.length === 0) return entries;
    isWritten = true;
    return [toFhirPractitioner(practitioner), ...entries];
  };
  return async function* entriesOf<Row>(
    batches: AsyncIterable<Row[]>,
    toFhir: (row: Row, practitioner: ExportingPractitioner) => FhirEntry | FhirEntry[],
  ): AsyncGenerator<FhirEntry[]> {
    for await (const rows of batches) {
      if (rows.length === 0) continue;
      yield withPractitioner(rows.flatMap((row) => toFhir(row, practitioner)));
    }
  };
}
