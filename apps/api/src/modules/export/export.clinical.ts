import type { Db } from '../../db/client.ts';
import { API_KINDS } from '../../kinds/registry.ts';
import type { ExportingPractitioner } from '../appointments/appointments.fhir.ts';
import type { FhirEntry } from '../patients/patients.fhir.ts';

/**
 * The FHIR entries of the owner's patient-owned items (every kind of the registry, in its
 * order), of live patients only, oldest first, batch by batch: nothing is read until iterated.
 */
export async function* fhirClinicalEntries(
  db: Db,
  ownerId: string,
  practitioner: ExportingPractitioner,
): AsyncGenerator<FhirEntry[]> {
  for (const kind of API_KINDS) yield* kind.fhirEntries(db, ownerId, practitioner);
}
