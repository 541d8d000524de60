import type { TAppointment } from '@portal/shared/appointment';
import type { Db } from '../../db/client.ts';
import { instantIdKeyAfter, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { isUuid } from '../../lib/uuid.ts';
import { toApiAppointment } from './appointments.fields.ts';
import { owned, type Actor, type Refusals } from './appointments.refusals.ts';
import * as repository from './appointments.repository.ts';

/** Reading the agenda: one appointment, or a range of them a page at a time. */
export function createAgenda({ db, refusals }: { db: Db; refusals: Refusals }) {
  const { audit, deny } = refusals;
  return {
    async getAppointment({ actor, id }: { actor: Actor; id: string }): Promise<TAppointment> {
      if (!isUuid(id)) return deny(actor, 'read', id);
      const row = await repository.findAppointment(db, owned(actor, id));
      if (!row) return deny(actor, 'read', id);
      await audit(db, actor, {
        action: 'read',
        outcome: 'success',
        patientId: row.patientId,
        subject: { kind: 'appointment', id: row.id },
      });
      return toApiAppointment(row);
    },

    async findAppointments({
      actor,
      from,
      to,
      patientId,
      limit,
      cursor,
    }: {
      actor: Actor;
      from: string;
      to: string;
      patientId?: string;
    } & PageRequest): Promise<Page<TAppointment>> {
      const after = instantIdKeyAfter(cursor);
      const range = {
        ownerId: actor.actorId,
        from: new Date(from),
        to: new Date(to),
        patientId: patientId?.toLowerCase(),
      };
      const page = await readPage({
        limit,
        // Audited `list` in the page's own statement.
        rows: (oneMore) =>
          repository.listAppointments(db, { ...range, after, limit: oneMore, actor }),
        total: () => repository.countAppointments(db, range),
        toItem: toApiAppointment,
        keyOf: (row) => [row.startsAt.toISOString(), row.id],
      });
      return page;
    },
  };
}
