import type { TAllergy, TAllergyData } from '@portal/shared/allergy';
import type { Db } from '../../db/client.ts';
import { allergies, type AllergyRow } from '../../db/schema/clinical.ts';
import { createItemService } from './clinical.items.ts';
import type { ClinicalRefusals } from './clinical.refusals.ts';
import { createClinicalStore } from './clinical.repository.ts';

/**
 * The allergy is defined twice, on purpose, and only twice: the drizzle table (storage) and the
 * shared zod schema (what the form sends and the API answers). The stored values are the
 * validated input as it is; this check keeps the two naming the same fields.
 */
type Stored = Omit<AllergyRow, 'id' | 'ownerId' | 'patientId' | 'createdAt' | 'updatedAt'>;
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const hasSameFields: SameKeys<keyof TAllergyData, keyof Stored> = true;
void hasSameFields;

export const allergyStore = createClinicalStore(allergies);

export function toApiAllergy(row: AllergyRow): TAllergy {
  return {
    _id: row.id,
    patientId: row.patientId,
    substance: row.substance,
    reaction: row.reaction,
    // The table's checks admit only the schema's values.
    severity: row.severity as TAllergy['severity'],
    status: row.status as TAllergy['status'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A patient's allergies: list, read, record and replace (a resolved allergy stops warning). The
 * stored values are the validated input as it is.
 */
export function createAllergyService({ db, refusals }: { db: Db; refusals: ClinicalRefusals }) {
  return createItemService<typeof allergies, TAllergy, TAllergyData>({
    db,
    kind: 'allergy',
    store: allergyStore,
    refusals,
    toApi: toApiAllergy,
    toStored: (input) => input,
  });
}

export type AllergyService = ReturnType<typeof createAllergyService>;
