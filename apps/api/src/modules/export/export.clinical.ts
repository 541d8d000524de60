import type { Db } from '../../db/client.ts';
import type { CarePlanRow } from '../../db/schema/care-plans.ts';
import type { AllergyRow, PrescriptionRow } from '../../db/schema/clinical.ts';
import { inBatches } from '../../lib/paging.ts';
import type { ExportingPractitioner } from '../appointments/appointments.fhir.ts';
import { toFhirCarePlan } from '../care-plans/care-plans.fhir.ts';
import { carePlanStore } from '../care-plans/care-plans.repository.ts';
import { allergyStore } from '../clinical/allergies.service.ts';
import { toFhirAllergy, toFhirPrescription } from '../clinical/clinical.fhir.ts';
import type { ItemKey } from '../../patient-owned/items.repository.ts';
import { prescriptionStore } from '../clinical/prescriptions.fields.ts';
import type { FhirEntry } from '../patients/patients.fhir.ts';

const EXPORT_BATCH = 500;

/** The owner's allergies, prescriptions and care plans of live patients, oldest first, batched. */
export interface ClinicalExport {
  allergies: AsyncIterable<AllergyRow[]>;
  prescriptions: AsyncIterable<PrescriptionRow[]>;
  carePlans: AsyncIterable<CarePlanRow[]>;
}

export function clinicalExportBatches(db: Db, ownerId: string): ClinicalExport {
  /** One store's export pages, keyed as its list is: `createdAt` (ISO, ms) then id. */
  const batchesOf = <Row extends { createdAt: Date; id: string }>(store: {
    exportPage(
      db: Db,
      page: { ownerId: string; after: ItemKey | null; limit: number },
    ): Promise<Row[]>;
  }) =>
    inBatches({
      size: EXPORT_BATCH,
      fetchAfter: (after: ItemKey | null, limit) => store.exportPage(db, { ownerId, after, limit }),
      keyOf: (row): ItemKey => [row.createdAt.toISOString(), row.id],
    });
  return {
    allergies: batchesOf(allergyStore),
    prescriptions: batchesOf(prescriptionStore),
    carePlans: batchesOf(carePlanStore),
  };
}

/** The entries for the practitioner's allergies, prescriptions, then care plans, batch by batch. */
export async function* fhirClinicalEntries(
  clinical: ClinicalExport,
  practitioner: ExportingPractitioner,
): AsyncGenerator<FhirEntry[]> {
  for await (const rows of clinical.allergies)
    yield rows.map((row) => toFhirAllergy(row, practitioner));
  for await (const rows of clinical.prescriptions)
    yield rows.map((row) => toFhirPrescription(row, practitioner));
  for await (const rows of clinical.carePlans)
    yield rows.map((row) => toFhirCarePlan(row, practitioner));
}
