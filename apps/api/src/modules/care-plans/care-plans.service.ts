import crypto from 'node:crypto';
import { CARE_PLAN_LIMITS, type TCarePlan, type TCarePlanData } from '@portal/shared/care-plan';
import { toWallTime } from '@portal/shared/zoned-time';
import type { Db, DbAndClock } from '../../db/client.ts';
import type { carePlans, CarePlanRow } from '../../db/schema/care-plans.ts';
import { createItemService, type ItemChange } from '../../patient-owned/items.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { auditRecord } from '../audit/audit.repository.ts';
import type { Actor, ClinicalRefusals } from '../../patient-owned/refusals.ts';
import { rebuildDue } from './care-plans.due.ts';
import { carePlanStore, countOtherActivePlans, findUserClock } from './care-plans.repository.ts';

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
 * create stores the input with new ids; a replacement keeps the goal and activity ids sent back
 * (`withIds` needs the stored plan). Both go through `change` with their own plan, which checks
 * the active-plan limit and works out the plan's due occurrences in the same transaction.
 */
export function createCarePlanService({
  db,
  refusals,
  now = systemClock,
}: DbAndClock & { db: Db; refusals: ClinicalRefusals }) {
  const items = createItemService<typeof carePlans, TCarePlan, TCarePlanData>({
    db,
    kind: 'carePlan',
    store: carePlanStore,
    refusals,
    toApi: toApiCarePlan,
    toStored: (input) => withIds(input, undefined),
  });

  /** Refuses an active plan past the limit; else writes it and its due occurrences. */
  function save(
    actor: Actor,
    action: 'create' | 'update',
    input: TCarePlanData,
  ): Parameters<typeof items.change>[0]['plan'] {
    return async ({ tx, scope, current, versions }) => {
      if (input.status === 'active') {
        const others = await countOtherActivePlans(tx, { ...scope, exceptId: current?.id });
        if (others >= CARE_PLAN_LIMITS.activePlansMax)
          return {
            refuse: () =>
              refusals.refuse(
                actor,
                {
                  action,
                  outcome: 'conflict',
                  patientId: scope.patientId,
                  subject: auditRecord('carePlan', current?.id),
                },
                new AppError('CARE_PLAN_LIMIT'),
              ),
          };
      }
      return {
        write: async (writer) => {
          const values = withIds(input, current);
          const row = current
            ? await carePlanStore.update(writer, { ...scope, id: current.id, values, versions })
            : await carePlanStore.insert(writer, { ...scope, values });
          if (row) {
            const clock = await findUserClock(writer, actor.actorId);
            await rebuildDue(writer, row, toWallTime(now(), clock?.timeZone ?? 'UTC').date);
          }
          return row;
        },
      };
    };
  }

  return {
    ...items,

    createItem({
      actor,
      patientId,
      input,
    }: {
      actor: Actor;
      patientId: string;
      input: TCarePlanData;
    }) {
      return items.change({
        actor,
        action: 'create',
        patientId,
        plan: save(actor, 'create', input),
      });
    },

    /** Replaces a plan; with `ifMatch`, only that version of it. */
    updateItem({ actor, patientId, id, input, ifMatch }: ItemChange<TCarePlanData>) {
      return items.change({
        actor,
        action: 'update',
        patientId,
        id,
        ifMatch,
        plan: save(actor, 'update', input),
      });
    },
  };
}

export type CarePlanService = ReturnType<typeof createCarePlanService>;
