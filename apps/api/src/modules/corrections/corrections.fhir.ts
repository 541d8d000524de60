import type {
  TCorrection,
  TCorrectionAboutKind,
  TCorrectionStatus,
} from '@portal/shared/correction';
import { API_KINDS } from '../../kinds/registry.ts';
import type { FhirEntry, FhirResource } from '../patients/patients.fhir.ts';

const TASK_STATUS: Record<TCorrectionStatus, 'requested' | 'completed' | 'rejected'> = {
  requested: 'requested',
  accepted: 'completed',
  declined: 'rejected',
};

/** The FHIR resource each kind of item is exported as, so a Task's `focus` names its type. */
const FOCUS_TYPE: Record<TCorrectionAboutKind, string> = {
  patient: 'Patient',
  appointment: 'Appointment',
  visit: 'Encounter',
  ...Object.fromEntries(API_KINDS.map((kind) => [kind.shared.kind, kind.fhirType])),
} as Record<TCorrectionAboutKind, string>;

/**
 * One correction request as a FHIR R4 Task: a proposal to `change` its focus (the item, or the
 * Patient for their own details), its text the description and the answer a note.
 * `hasFocus` says whether the Bundle holds the item: a reference to an item it leaves out (one
 * trashed since, or past a list's cap) would point at nothing.
 */
export function toFhirCorrectionTask(
  correction: TCorrection,
  {
    practitioner,
    hasFocus = () => true,
  }: { practitioner?: { id: string }; hasFocus?: (reference: string) => boolean } = {},
): FhirEntry {
  const { about, patientId } = correction;
  const focusId = about && (about.kind === 'patient' ? patientId : about.id);
  const focus =
    about && focusId && hasFocus(`urn:uuid:${focusId}`)
      ? { reference: `urn:uuid:${focusId}`, type: FOCUS_TYPE[about.kind] }
      : undefined;
  const resource: FhirResource = {
    resourceType: 'Task',
    id: correction._id,
    status: TASK_STATUS[correction.status],
    intent: 'proposal',
    code: {
      coding: [
        {
          system: 'http://hl7.org/fhir/CodeSystem/task-code',
          code: 'change',
          display: 'Change the focal resource',
        },
      ],
    },
    ...(focus && { focus }),
    for: { reference: `urn:uuid:${patientId}`, type: 'Patient' },
    description: correction.text,
    authoredOn: correction.requestedAt,
    lastModified: correction.answeredAt ?? correction.requestedAt,
    ...(correction.requestedByName && { requester: { display: correction.requestedByName } }),
    ...(practitioner && {
      owner: { reference: `urn:uuid:${practitioner.id}`, type: 'Practitioner' },
    }),
    ...(correction.answer && {
      note: [
        { text: correction.answer, ...(correction.answeredAt && { time: correction.answeredAt }) },
      ],
    }),
  };
  return { fullUrl: `urn:uuid:${correction._id}`, resource };
}
