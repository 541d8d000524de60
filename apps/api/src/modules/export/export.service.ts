import type { Db } from '../../db/client.ts';
import type { PatientRow } from '../../db/schema/patients.ts';
import { AppError } from '../../lib/app-error.ts';
import { inBatches } from '../../lib/paging.ts';
import type { AppointmentRecord } from '../appointments/appointments.fields.ts';
import type { ExportingPractitioner } from '../appointments/appointments.fhir.ts';
import {
  findAppointmentsToExport,
  type AgendaKey,
} from '../appointments/appointments.repository.ts';
import { createPatientsAudit, type Actor } from '../audit/owned-records.ts';
import { toFhirCorrectionTask } from '../corrections/corrections.fhir.ts';
import {
  findCorrectionsToExport,
  type ExportKey as CorrectionKey,
} from '../corrections/corrections.repository.ts';
import { toApiCorrection } from '../corrections/corrections.service.ts';
import { findPatientsPage, type ListKey } from '../patients/patients.repository.ts';
import { findUserById } from '../users/users.repository.ts';
import { practiceOf } from '../users/users.service.ts';
import type { VisitRecord } from '../visits/visits.fields.ts';
import { findVisitsToExport, type VisitKey } from '../visits/visits.repository.ts';
import type { FhirEntry } from '../patients/patients.fhir.ts';
import { fhirClinicalEntries } from './export.clinical.ts';

const EXPORT_BATCH = 500;

/** What the export writes: the practitioner, their live patients, appointments and visits. */
export interface PractitionerExport {
  practitioner: ExportingPractitioner;
  patients: AsyncIterable<PatientRow[]>;
  appointments: AsyncIterable<AppointmentRecord[]>;
  visits: AsyncIterable<VisitRecord[]>;
  /** The patient-owned kinds' items (every kind of the registry) as FHIR entries. */
  clinical: AsyncIterable<FhirEntry[]>;
  /** Correction requests of linked people, as FHIR Tasks, oldest first. */
  corrections: AsyncIterable<FhirEntry[]>;
}

/** The owner's correction requests of live patients as Tasks, batch by batch. */
async function* fhirCorrectionEntries(
  db: Db,
  ownerId: string,
  practitioner: { id: string },
): AsyncGenerator<FhirEntry[]> {
  const batches = inBatches({
    size: EXPORT_BATCH,
    fetchAfter: (after: CorrectionKey | null, limit) =>
      findCorrectionsToExport(db, { ownerId, after, limit }),
    keyOf: (row): CorrectionKey => [row.requestedAt.toISOString(), row.id],
  });
  for await (const rows of batches)
    yield rows.map((row) => toFhirCorrectionTask(toApiCorrection(row), { practitioner }));
}

export function createExportService({ db }: { db: Db }) {
  const trail = createPatientsAudit(db);

  return {
    /**
     * Every live patient of the actor, newest first, their appointments, earliest first, and
     * their visits, newest first, in batches (so 100,000 of each stream in bounded memory), with
     * the practitioner they belong to. The export is audited once, before the first byte.
     */
    async exportAll({ actor }: { actor: Actor }): Promise<PractitionerExport> {
      const ownerId = actor.actorId;
      const user = await findUserById(db, ownerId);
      if (!user) throw new AppError('NOT_AUTHENTICATED');
      await trail.audit(db, actor, { action: 'export', outcome: 'success', patientId: null });
      const practitioner = { id: user.id, name: user.name, email: user.email };
      return {
        practitioner: { ...practitioner, practice: practiceOf(user) },
        patients: inBatches({
          size: EXPORT_BATCH,
          fetchAfter: (after: ListKey | null, limit) =>
            findPatientsPage(db, { ownerId, q: null, after, limit }),
          keyOf: (row): ListKey => [row.createdAt.toISOString(), row.id],
        }),
        appointments: inBatches({
          size: EXPORT_BATCH,
          fetchAfter: (after: AgendaKey | null, limit) =>
            findAppointmentsToExport(db, { ownerId, after, limit }),
          keyOf: (row): AgendaKey => [row.startsAt.toISOString(), row.id],
        }),
        visits: inBatches({
          size: EXPORT_BATCH,
          fetchAfter: (after: VisitKey | null, limit) =>
            findVisitsToExport(db, { ownerId, after, limit }),
          keyOf: (row): VisitKey => [row.occurredAt.toISOString(), row.id],
        }),
        clinical: fhirClinicalEntries(db, ownerId, practitioner),
        corrections: fhirCorrectionEntries(db, ownerId, practitioner),
      };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
