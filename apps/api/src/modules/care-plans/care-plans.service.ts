import crypto from 'node:crypto';
import type { TCarePlan, TCarePlanData } from '@portal/shared/care-plan';
import type { Db } from '../../db/client.ts';
import type { carePlans, CarePlanRow } from '../../db/schema/care-plans.ts';
import { createItemService, type ItemChange } from '../clinical/clinical.items.ts';
import type { ClinicalRefusals } from '../clinical/clinical.refusals.ts';
import { carePlanStore } from './care-plans.repository.ts';

export function toApiCarePlan(row: CarePlanRow): TCarePlan {
  return {
    _id: row.id,
    patientId: row.patientId,
    title: row.title,
    // The table's check admits only the schema's values.
    status: row.status as TCarePlan['status'],
    goals: row.goals,
    activities: row.activities,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Goals and activities get ids here: an edited one keeps the id it had in the stored plan (so
 * an activity keeps its marks), anything else (new, or an id the plan never had) a new one.
 */
function withIds(input: TCarePlanData, current: CarePlanRow | undefined) {
  const keep = (id: string | undefined, known: { id: string }[], used: Set<string>) => {
    const kept =
      id && known.some((item) => item.id === id) && !used.has(id) ? id : crypto.randomUUID();
    used.add(kept);
    return kept;
  };
  const goalIds = new Set<string>();
  const activityIds = new Set<string>();
  return {
    title: input.title,
    status: input.status,
    goals: input.goals.map(({ id, ...goal }) => ({
      id: keep(id, current?.goals ?? [], goalIds),
      ...goal,
    })),
    activities: input.activities.map(({ id, ...activity }) => ({
      id: keep(id, current?.activities ?? [], activityIds),
      ...activity,
    })),
  };
}

/**
 * A patient's care plans: list, read, create and replace (members only, see the routes). A
 * create stores the input with new ids; a replacement goes through `change` with its own plan,
 * since it keeps the goal and activity ids sent back (`withIds` needs the stored plan), which
 * `toStored` cannot see.
 */
export function createCarePlanService({ db, refusals }: { db: Db; refusals: ClinicalRefusals }) {
  const items = createItemService<typeof carePlans, TCarePlan, TCarePlanData>({
    db,
    kind: 'carePlan',
    store: carePlanStore,
    refusals,
    toApi: toApiCarePlan,
    toStored: (input) => withIds(input, undefined),
  });
  return {
    ...items,

    /** Replaces a plan; with `ifMatch`, only that version of it. */
    updateItem({ actor, patientId, id, input, ifMatch }: ItemChange<TCarePlanData>) {
      return items.change({
        actor,
        action: 'update',
        patientId,
        id,
        ifMatch,
        plan: async ({ scope, current, versions }) => ({
          write: (tx) =>
            carePlanStore.update(tx, {
              ...scope,
              id: current!.id,
              values: withIds(input, current),
              versions,
            }),
        }),
      });
    },
  };
}

export type CarePlanService = ReturnType<typeof createCarePlanService>;
