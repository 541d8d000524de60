import type { TFacility, TFacilityData } from '@portal/shared/directory';
import type { DbAndClock } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { storedId } from '../../lib/uuid.ts';
import type { TAuditAction } from '@portal/shared/audit';
import type { Actor } from '../audit/owned-records.ts';
import { auditDirectory } from './directory.audit.ts';
import { toFacility } from './facilities.answers.ts';
import {
  deleteOwnedFacility,
  findFacilitiesOf,
  findOwnedFacility,
  insertFacility,
  updateFacility,
} from './facilities.repository.ts';

/** Facilities and who owns them: only the owner reads, changes or deletes one. */
export function createFacilityService({ db, now = systemClock }: DbAndClock) {
  /** The owner's facility, or 404 `FACILITY_NOT_FOUND` (audited as denied). */
  async function ownedOrDeny(actor: Actor, id: string, action: TAuditAction) {
    const facilityId = storedId(id);
    const row =
      facilityId && (await findOwnedFacility(db, { ownerId: actor.actorId, id: facilityId }));
    if (row) return row;
    await auditDirectory(db, actor, {
      kind: 'facility',
      id: facilityId,
      action,
      outcome: 'denied',
    });
    throw new AppError('FACILITY_NOT_FOUND');
  }

  return {
    ownedOrDeny,

    async createFacility({
      actor,
      data,
    }: {
      actor: Actor;
      data: TFacilityData;
    }): Promise<TFacility> {
      const row = await db.transaction(async (tx) => {
        const created = await insertFacility(tx, { ownerId: actor.actorId, data });
        await auditDirectory(tx, actor, {
          kind: 'facility',
          id: created.id,
          action: 'create',
          outcome: 'success',
        });
        return created;
      });
      return toFacility(row, 'owner');
    },

    async listFacilities({ actor }: { actor: Actor }): Promise<{ items: TFacility[] }> {
      const rows = await findFacilitiesOf(db, actor.actorId);
      await auditDirectory(db, actor, {
        kind: 'facility',
        id: null,
        action: 'list',
        outcome: 'success',
      });
      return {
        items: rows.map(({ facility, isOwner }) =>
          toFacility(facility, isOwner ? 'owner' : 'staff'),
        ),
      };
    },

    async getFacility({ actor, id }: { actor: Actor; id: string }): Promise<TFacility> {
      const row = await ownedOrDeny(actor, id, 'read');
      await auditDirectory(db, actor, {
        kind: 'facility',
        id: row.id,
        action: 'read',
        outcome: 'success',
      });
      return toFacility(row, 'owner');
    },

    async updateFacility({
      actor,
      id,
      data,
    }: {
      actor: Actor;
      id: string;
      data: TFacilityData;
    }): Promise<TFacility> {
      const row = await ownedOrDeny(actor, id, 'update');
      const updated = await db.transaction(async (tx) => {
        const saved = await updateFacility(tx, { row, data, at: now() });
        await auditDirectory(tx, actor, {
          kind: 'facility',
          id: row.id,
          action: 'update',
          outcome: 'success',
        });
        return saved;
      });
      return toFacility(updated, 'owner');
    },

    async deleteFacility({ actor, id }: { actor: Actor; id: string }): Promise<void> {
      const facilityId = storedId(id);
      const isDeleted = await db.transaction(async (tx) => {
        const deleted =
          facilityId !== null &&
          (await deleteOwnedFacility(tx, { ownerId: actor.actorId, id: facilityId }));
        await auditDirectory(tx, actor, {
          kind: 'facility',
          id: facilityId,
          action: 'delete',
          outcome: deleted ? 'success' : 'denied',
        });
        return deleted;
      });
      if (!isDeleted) throw new AppError('FACILITY_NOT_FOUND');
    },
  };
}

export type FacilityService = ReturnType<typeof createFacilityService>;
