import type { TAllergy, TAllergyData } from '@portal/shared/allergy';
import type { Db } from '../../db/client.ts';
import { allergies, type AllergyRow } from '../../db/schema/clinical.ts';
import { createItemService } from './clinical.items.ts';
import type { Actor, ClinicalRefusals } from './clinical.refusals.ts';
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

/** A patient's allergies: list, read, record and replace (a resolved allergy stops warning). */
export function createAllergyService({ db, refusals }: { db: Db; refusals: ClinicalRefusals }) {
  const items = createItemService<typeof allergies, TAllergy>({
    db,
    kind: 'allergy',
    store: allergyStore,
    refusals,
    toApi: toApiAllergy,
  });
  return {
    findAllergies: items.findItems,
    getAllergy: items.getItem,

    createAllergy({
      actor,
      patientId,
      input,
    }: {
      actor: Actor;
      patientId: string;
      input: TAllergyData;
    }): Promise<TAllergy> {
      return items.change({
        actor,
        action: 'create',
        patientId,
        plan: async ({ scope }) => ({
          write: (tx) => allergyStore.insert(tx, { ...scope, values: input }),
        }),
      });
    },

    updateAllergy({
      actor,
      patientId,
      id,
      input,
      ifMatch,
    }: {
      actor: Actor;
      patientId: string;
      id: string;
      input: TAllergyData;
      ifMatch?: string;
    }): Promise<TAllergy> {
      return items.change({
        actor,
        action: 'update',
        patientId,
        id,
        ifMatch,
        plan: async ({ scope, current, versions }) => ({
          write: (tx) =>
            allergyStore.update(tx, { ...scope, id: current!.id, values: input, versions }),
        }),
      });
    },
  };
}

export type AllergyService = ReturnType<typeof createAllergyService>;
