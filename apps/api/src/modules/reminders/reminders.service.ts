import { REMINDER_LIMITS, type TReminder, type TReminderList } from '@portal/shared/reminder';
import { SCHEDULE_LIMITS } from '@portal/shared/profile';
import { toWallTime } from '@portal/shared/zoned-time';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUuid } from '../../lib/uuid.ts';
import { auditRecord } from '../audit/audit.repository.ts';
import { createOwnedRecordsAudit, type Actor } from '../audit/owned-records.ts';
import * as repository from './reminders.repository.ts';

function toApiReminder(row: repository.ListedReminder): TReminder {
  const timeZone = row.timeZone ?? SCHEDULE_LIMITS.defaultTimeZone;
  const wall = toWallTime(row.eventAt, timeZone);
  return {
    _id: row.id,
    source: row.source as TReminder['source'],
    sourceId: row.sourceId,
    patientId: row.patientId,
    patientName: row.patientName,
    carePlanId: row.carePlanId,
    activityTitle: row.activityTitle,
    eventAt: row.eventAt.toISOString(),
    localEventAt: `${wall.date}T${wall.time}`,
    timeZone,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * The practitioner's reminders, created once per app. Reading them shows patient
 * names, so every list and change is audited; someone else's reminder is a 404 like a missing
 * one. `createReminder` is how other modules (care plans) add one: the next sweep e-mails it.
 */
export function createReminderService({ db, isEmailing }: { db: Db; isEmailing: boolean }) {
  const { audit, deny } = createOwnedRecordsAudit({
    db,
    notFound: 'REMINDER_NOT_FOUND',
    subject: () => ({ patientId: null }),
  });
  const subjectOf = (row: repository.ListedReminder) => ({
    patientId: row.patientId,
    subject: row.source === 'appointment' ? auditRecord('appointment', row.sourceId) : null,
  });

  async function listReminders({ actor }: { actor: Actor }): Promise<TReminderList> {
    const ownerId = actor.actorId;
    const [rows, unreadCount] = await Promise.all([
      repository.findReminders(db, { ownerId, limit: REMINDER_LIMITS.listMax }),
      repository.countUnreadReminders(db, ownerId),
    ]);
    await audit(db, actor, { action: 'list', outcome: 'success', patientId: null });
    return { reminders: rows.map(toApiReminder), unreadCount };
  }

  return {
    listReminders,

    async markReminderRead({ actor, id }: { actor: Actor; id: string }): Promise<TReminder> {
      if (!isUuid(id)) return deny(actor, 'update', id);
      const row = await db.transaction(async (tx) => {
        const read = await repository.markReminderRead(tx, {
          ownerId: actor.actorId,
          id: id.toLowerCase(),
        });
        if (read)
          await audit(tx, actor, { action: 'update', outcome: 'success', ...subjectOf(read) });
        return read;
      });
      if (!row) return deny(actor, 'update', id);
      return toApiReminder(row);
    },

    async markAllRemindersRead({ actor }: { actor: Actor }): Promise<TReminderList> {
      await repository.markAllRemindersRead(db, actor.actorId);
      return listReminders({ actor });
    },

    /**
     * Adds a reminder that came now (a care-plan occurrence due, say) in the caller's
     * transaction; a repeat for the same source and time adds nothing. Answers the new id or null.
     */
    createReminder(tx: DbOrTx, reminder: repository.NewReminder): Promise<string | null> {
      return repository.insertReminder(tx, { reminder, isEmailPending: isEmailing });
    },
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;
