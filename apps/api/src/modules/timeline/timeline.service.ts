import { TIMELINE_KINDS, type TTimelineEntry, type TTimelineKind } from '@portal/shared/timeline';
import type { DbAndClock } from '../../db/client.ts';
import { systemClock } from '../../lib/clock.ts';
import { isApiInstant } from '../../lib/etag.ts';
import { keyAfter, pageOf, type Page, type PageRequest } from '../../lib/paging.ts';
import { isUuid } from '../../lib/uuid.ts';
import { findOwnLivePatientId } from '../patients/patients.repository.ts';
import { createPatientsAudit, type Actor } from '../audit/owned-records.ts';
import { listCarePlanEntries, mergePage } from './timeline.care-plans.ts';
import * as repository from './timeline.repository.ts';

export type { Actor };

const isKind = (value: unknown): value is TTimelineKind =>
  typeof value === 'string' && (TIMELINE_KINDS as readonly string[]).includes(value);

/** A timeline position: an instant (ISO, ms), an item id, a kind. */
const isTimelineKey = (key: unknown[]): key is repository.TimelineKey =>
  key.length === 3 &&
  isApiInstant(key[0]) &&
  typeof key[1] === 'string' &&
  isUuid(key[1]) &&
  isKind(key[2]);

/**
 * The patient's timeline, created once per app (timeline.plugin.ts): the patient must be one
 * of the actor's live patients (otherwise the audited 404 every sub-resource answers), and
 * every read is one `list` event of the patient in the audit trail. A premium member's timeline
 * also holds the care-plan activities due or overdue; anyone else's simply does not.
 */
export function createTimelineService({ db, now = systemClock }: DbAndClock) {
  const { audit, deny } = createPatientsAudit(db);

  return {
    /** A page of the patient's timeline, newest first, with the number of entries. */
    async findTimeline({
      actor,
      patientId,
      limit,
      cursor,
      withCarePlans,
    }: {
      actor: Actor;
      patientId: string;
      /** Whether the actor is a premium member, whose care-plan activities are listed. */
      withCarePlans: boolean;
    } & PageRequest): Promise<Page<TTimelineEntry>> {
      // A bad cursor is refused before anything is read or written.
      const after = keyAfter(cursor, isTimelineKey);
      const id = await findOwnLivePatientId(db, { ownerId: actor.actorId, patientId });
      if (!id) return deny(actor, 'list', patientId);
      const scope = { ownerId: actor.actorId, patientId: id };
      const key: repository.TimelineKey | null = after && [
        after[0],
        after[1].toLowerCase(),
        after[2],
      ];
      const [stored, storedTotal, carePlan] = await Promise.all([
        repository.listTimeline(db, scope, { after: key, limit: limit + 1 }),
        repository.countTimeline(db, scope),
        withCarePlans ? listCarePlanEntries(db, scope, now()) : [],
      ]);
      const rows = mergePage(stored, carePlan, key, limit + 1);
      const total = storedTotal + carePlan.length;
      await audit(db, actor, { action: 'list', outcome: 'success', patientId: id });
      return pageOf(rows, {
        limit,
        total,
        toItem: (row) => row,
        keyOf: (row) => [row.at, row.itemId, row.kind],
      });
    },
  };
}

export type TimelineService = ReturnType<typeof createTimelineService>;
