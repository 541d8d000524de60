import { sql } from 'drizzle-orm';
import type { TAppointmentKind } from '@portal/shared/appointment';
import type { Db, DbOrTx } from '../../db/client.ts';
import { wantsNoticeCondition } from '../users/notices.repository.ts';
import { sendWhileLocked } from './reminders.repository.ts';

/*
 * The linked patients' own appointment reminders: e-mail only (a linked person has no bell), so
 * a reminder is written only when there is a mailer, and sent with the practitioner's reminders'
 * pattern: the row is locked while its e-mail goes out and marked sent in the same transaction.
 */

/** How long before the start a linked person is reminded (at booking when booked later). */
export const PATIENT_REMINDER_HOURS = 24;

const NOTICE = 'patient-appointment-reminders';

/**
 * The appointments a live link's person is owed a reminder of: booked, of a live record,
 * starting within PATIENT_REMINDER_HOURS, and the person wanting these e-mails.
 */
const DUE = sql`
  from appointments a
  join patients p on p.id = a.patient_id and p.deleted_at is null
  join patient_links l on l.patient_id = a.patient_id and l.owner_id = a.owner_id
    and l.ended_at is null
  join users person on person.id = l.user_id and ${wantsNoticeCondition('person', NOTICE)}
  where a.status = 'booked'
    and a.starts_at > now()
    and a.starts_at <= now() + make_interval(hours => ${PATIENT_REMINDER_HOURS})`;

/**
 * Writes the reminders that came, one per appointment, person and start; a repeated sweep adds
 * nothing (the unique key). One statement, so a crash leaves all of it or none.
 */
export async function insertDuePatientReminders(
  db: Db,
  { isEmailPending }: { isEmailPending: boolean },
): Promise<number> {
  if (!isEmailPending) return 0;
  const result = await db.execute(sql`
    insert into patient_reminders (appointment_id, user_id, event_at)
    select a.id, l.user_id, a.starts_at ${DUE}
    on conflict (appointment_id, user_id, event_at) do nothing`);
  return result.rowCount ?? 0;
}

/**
 * Which reminders are owed now: still pending, the appointment still booked at the same start
 * (a cancelled one is never reminded; a moved one only at its new start, by its own row), the
 * link still live, the record not trashed, and the person still wanting them.
 */
const OWED = sql`
  from patient_reminders r
  join appointments a on a.id = r.appointment_id and a.status = 'booked'
    and a.starts_at = r.event_at
  join patients p on p.id = a.patient_id and p.deleted_at is null
  join patient_links l on l.patient_id = a.patient_id and l.owner_id = a.owner_id
    and l.user_id = r.user_id and l.ended_at is null
  join users person on person.id = r.user_id and ${wantsNoticeCondition('person', NOTICE)}
  join users practice on practice.id = a.owner_id
  where r.email_pending and r.event_at > now()`;

/** Gives up the e-mails of appointments that started: a late reminder is noise. */
export async function dropPastPatientReminders(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`
    update patient_reminders set email_pending = false
    where email_pending and event_at <= now()`);
  return result.rowCount ?? 0;
}

/** Up to `limit` owed reminders, oldest first. */
export async function findOwedPatientReminders(db: Db, limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select r.id ${OWED} order by r.created_at, r.id limit ${limit}`);
  return rows.map((row) => row.id);
}

/**
 * What a linked person's reminder may say: when, where and with which practice; of the
 * appointment only its id (the calendar entry's UID), its end and whether it is by video.
 */
export interface OwedPatientEmail {
  id: string;
  appointmentId: string;
  kind: TAppointmentKind;
  startsAt: Date;
  endsAt: Date;
  /** iCalendar SEQUENCE: a moved appointment replaces the entry of its earlier reminder. */
  sequence: number;
  to: string;
  practice: {
    name: string;
    street: string | null;
    postalCode: string | null;
    city: string | null;
    country: string | null;
    phone: string | null;
    timeZone: string | null;
  };
}

/**
 * Sends one owed reminder under its row lock (`sendWhileLocked`); a re-send after a crash carries
 * the same Message-ID. False when it is no longer owed or being sent.
 */
export async function sendOwedPatientReminder(
  db: Db,
  id: string,
  send: (email: OwedPatientEmail) => Promise<void>,
): Promise<boolean> {
  return sendWhileLocked(db, {
    lockOwed: async (tx) => {
      const { rows } = await tx.execute<{
        id: string;
        appointment_id: string;
        kind: TAppointmentKind;
        starts_at: string;
        ends_at: string;
        sequence: number;
        email: string;
        practice_name: string | null;
        practitioner_name: string;
        street: string | null;
        postal_code: string | null;
        city: string | null;
        country: string | null;
        phone: string | null;
        time_zone: string | null;
      }>(sql`
        select r.id, a.id as appointment_id, a.kind, a.starts_at, a.ends_at, a.sequence,
          person.email, practice.practice_name, practice.name as practitioner_name,
          practice.practice_street as street, practice.practice_postal_code as postal_code,
          practice.practice_city as city, practice.practice_country as country,
          practice.practice_phone as phone, practice.time_zone
        ${OWED} and r.id = ${id}
        for update of r skip locked`);
      return rows[0];
    },
    send: (row) =>
      send({
        id: row.id,
        appointmentId: row.appointment_id,
        kind: row.kind,
        startsAt: new Date(row.starts_at),
        endsAt: new Date(row.ends_at),
        sequence: row.sequence,
        to: row.email,
        practice: {
          name: row.practice_name ?? row.practitioner_name,
          street: row.street,
          postalCode: row.postal_code,
          city: row.city,
          country: row.country,
          phone: row.phone,
          timeZone: row.time_zone,
        },
      }),
    markSent: (tx, row) =>
      tx.execute(sql`
        update patient_reminders set email_pending = false, email_sent_at = now()
        where id = ${row.id}`),
  });
}
