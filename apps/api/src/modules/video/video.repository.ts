import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { TVideoRole } from '@portal/shared/video';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { patientLinks } from '../../db/schema/patient-links.ts';
import { patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/users.ts';
import { videoSignals } from '../../db/schema/video.ts';

/**
 * The SQL of video visits. Who takes part in a call is one condition, read for every request
 * and never cached: the appointment's practitioner, or a person with a live link to its patient,
 * while the patient is not in the trash.
 */

/** An appointment as one of its call's participants sees it. */
export interface CallPlace {
  appointmentId: string;
  ownerId: string;
  patientId: string;
  kind: string;
  status: string;
  startsAt: Date;
  endsAt: Date;
  role: TVideoRole;
  /** The other side: the patient's name for the practitioner, the practitioner's for the patient. */
  peerName: string | null;
}

/** The appointment, if `userId` takes part in its call (whatever its kind, status and time). */
export async function findCallPlace(
  db: Db,
  { userId, appointmentId }: { userId: string; appointmentId: string },
): Promise<CallPlace | undefined> {
  const isPractitioner = sql<boolean>`${appointments.ownerId} = ${userId}`;
  const [row] = await db
    .select({
      appointmentId: appointments.id,
      ownerId: appointments.ownerId,
      patientId: appointments.patientId,
      kind: appointments.kind,
      status: appointments.status,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      isPractitioner,
      patientName: patients.name,
      practitionerName: users.name,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(users, eq(users.id, appointments.ownerId))
    .where(
      and(
        eq(appointments.id, appointmentId),
        isNull(patients.deletedAt),
        sql`(${isPractitioner} or exists (select 1 from ${patientLinks}
          where ${patientLinks.userId} = ${userId}
            and ${patientLinks.patientId} = ${appointments.patientId}
            and ${patientLinks.ownerId} = ${appointments.ownerId}
            and ${patientLinks.endedAt} is null))`,
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const { isPractitioner: practitioner, patientName, practitionerName, ...place } = row;
  return {
    ...place,
    role: practitioner ? 'practitioner' : 'patient',
    peerName: (practitioner ? patientName : practitionerName) || null,
  };
}

/** How long a signal is kept for the instance that delivers it. */
export const SIGNAL_KEPT_MS = 60_000;

export type SignalRow = typeof videoSignals.$inferSelect;

/** Stores a signal for delivery, and deletes every signal older than a minute. */
export async function insertSignal(
  db: Db,
  signal: Pick<SignalRow, 'appointmentId' | 'senderId' | 'fromRole' | 'type' | 'payload'>,
): Promise<SignalRow> {
  await deleteOldSignals(db);
  const [row] = await db.insert(videoSignals).values(signal).returning();
  return row!;
}

export async function findSignal(db: Db, id: string): Promise<SignalRow | undefined> {
  const [row] = await db.select().from(videoSignals).where(eq(videoSignals.id, id)).limit(1);
  return row;
}

/** Signals older than a minute: delivered by then, or to no one. Answers how many went. */
export async function deleteOldSignals(db: Db): Promise<number> {
  const deleted = await db
    .delete(videoSignals)
    .where(lt(videoSignals.createdAt, sql`now() - make_interval(secs => ${SIGNAL_KEPT_MS / 1000})`))
    .returning({ id: videoSignals.id });
  return deleted.length;
}

/** A call's signals, once it has been left: nothing of it is kept. */
export async function deleteCallSignals(db: Db, appointmentIds: string[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  await db.delete(videoSignals).where(inArray(videoSignals.appointmentId, appointmentIds));
}
