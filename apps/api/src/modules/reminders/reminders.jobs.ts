import type { Db } from '../../db/client.ts';
import type { RecurringJob } from '../../jobs/job-queue.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { insertDueCarePlanReminders } from './reminders.care-plans.ts';
import { reminderEmail } from './reminders.email.ts';
import { patientReminderEmail } from './reminders.patient-email.ts';
import {
  dropPastPatientReminders,
  findOwedPatientReminders,
  insertDuePatientReminders,
  sendOwedPatientReminder,
} from './reminders.patients.ts';
import {
  dropPastEventEmails,
  findOwedEmailTurns,
  insertDueAppointmentReminders,
  sendOwedEmail,
} from './reminders.repository.ts';

export const REMINDERS_JOB = 'reminders-sweep';

/**
 * At most this many e-mails per sweep, so one run stays short; the next takes the rest. They are
 * taken round-robin by practitioner, so one practitioner's backlog delays nobody else's.
 */
export const EMAILS_PER_SWEEP = 200;

/**
 * Creates the reminders that came, from every source. Each is one idempotent statement
 * (`on conflict do nothing` on the reminders' unique key): a source adds its own here, e.g. the
 * care plans' occurrences that came due.
 */
export type ReminderSweepStep = (db: Db, options: { isEmailPending: boolean }) => Promise<number>;

export const REMINDER_SWEEP_STEPS: ReminderSweepStep[] = [
  insertDueAppointmentReminders,
  (db, options) => insertDueCarePlanReminders(db, options),
  insertDuePatientReminders,
];

export interface SweepOutcome {
  created: number;
  emailed: number;
}

/**
 * One run of the reminders job: create what came due, give up the e-mails whose event is over,
 * then send what is owed (members' e-mails of live patients, round-robin by practitioner, at
 * most EMAILS_PER_SWEEP; then linked patients' own reminders, at most as many). Safe to repeat and to run on two instances at once: creating is
 * guarded by the unique key, sending by the owed row's lock and its `email_pending` flag,
 * committed with the send.
 */
export async function runReminderSweep({
  db,
  mailer,
  publicUrl,
  steps = REMINDER_SWEEP_STEPS,
}: {
  db: Db;
  mailer: Mailer | null;
  publicUrl: string;
  steps?: ReminderSweepStep[];
}): Promise<SweepOutcome> {
  let created = 0;
  for (const step of steps) created += await step(db, { isEmailPending: mailer !== null });
  let emailed = 0;
  if (!mailer) return { created, emailed };
  await dropPastEventEmails(db);
  for (const id of await findOwedEmailTurns(db, EMAILS_PER_SWEEP)) {
    const isSent = await sendOwedEmail(db, id, (email) =>
      mailer.send(reminderEmail(email, { publicUrl })),
    );
    if (isSent) emailed += 1;
  }
  await dropPastPatientReminders(db);
  for (const id of await findOwedPatientReminders(db, EMAILS_PER_SWEEP)) {
    const isSent = await sendOwedPatientReminder(db, id, (email) =>
      mailer.send(patientReminderEmail(email, { publicUrl })),
    );
    if (isSent) emailed += 1;
  }
  return { created, emailed };
}

/** The reminders job for the app's job queue (jobs/job-queue.ts). */
export function reminderJob({
  db,
  mailer,
  publicUrl,
  everySeconds,
}: {
  db: Db;
  mailer: Mailer | null;
  publicUrl: string;
  everySeconds: number;
}): RecurringJob {
  return {
    name: REMINDERS_JOB,
    everySeconds,
    run: async () => void (await runReminderSweep({ db, mailer, publicUrl })),
  };
}
