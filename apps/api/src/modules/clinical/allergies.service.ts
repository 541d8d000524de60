import type { TAllergy, TAllergyData, TAllergyRecord } from '@portal/shared/allergy';
import { prescriptionsMeeting } from '@portal/shared/drug-class-match';
import type { Db } from '../../db/client.ts';
import { allergies, type AllergyRow } from '../../db/schema/clinical.ts';
import { createItemService } from '../../patient-owned/items.ts';
import type { Actor, ClinicalRefusals } from '../../patient-owned/refusals.ts';
import { createClinicalStore } from '../../patient-owned/items.repository.ts';
import { findActiveMedications } from './prescriptions.repository.ts';

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

export function toApiAllergy(row: AllergyRow): TAllergyRecord {
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
 * stored values are the validated input as it is. Each answer names the patient's active
 * prescriptions the allergy warns for, so recording one shows at once what it puts in question.
 */
export function createAllergyService({ db, refusals }: { db: Db; refusals: ClinicalRefusals }) {
  const items = createItemService<typeof allergies, TAllergyRecord, TAllergyData>({
    db,
    kind: 'allergy',
    store: allergyStore,
    refusals,
    toApi: toApiAllergy,
    toStored: (input) => input,
  });

  /** The allergies with the active prescriptions each meets (one read for all of them). */
  async function withMatches(actor: Actor, records: TAllergyRecord[]): Promise<TAllergy[]> {
    const patientId = records.find((record) => record.status === 'active')?.patientId;
    const active = patientId
      ? await findActiveMedications(db, { ownerId: actor.actorId, patientId })
      : [];
    return records.map((record) => ({
      ...record,
      matchingPrescriptions:
        record.status === 'active'
          ? prescriptionsMeeting(record.substance, active).map(({ prescription, match }) => ({
              prescriptionId: prescription.id,
              medication: prescription.medication,
              ...match,
            }))
          : [],
    }));
  }
  const one = async (actor: Actor, record: TAllergyRecord) =>
    (await withMatches(actor, [record]))[0]!;

  return {
    recordInvalidAttempt: items.recordInvalidAttempt,
    findItems: async (args: Parameters<typeof items.findItems>[0]) => {
      const page = await items.findItems(args);
      return { ...page, items: await withMatches(args.actor, page.items) };
    },
    getItem: async (args: Parameters<typeof items.getItem>[0]) =>
      one(args.actor, await items.getItem(args)),
    createItem: async (args: Parameters<typeof items.createItem>[0]) =>
      one(args.actor, await items.createItem(args)),
    updateItem: async (args: Parameters<typeof items.updateItem>[0]) =>
      one(args.actor, await items.updateItem(args)),
  };
}

export type AllergyService = ReturnType<typeof createAllergyService>;
