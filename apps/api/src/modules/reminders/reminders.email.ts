import { SCHEDULE_LIMITS } from '@portal/shared/profile';
import { toWallTime } from '@portal/shared/zoned-time';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { initialsOf } from '../calendar/calendar.ics.ts';
import type { OwedEmail } from './reminders.repository.ts';

/**
 * A reminder's e-mail. E-mail leaves the portal's protection (relays, mailboxes, previews on a
 * locked phone), so it says only what the practitioner needs to look: the patient's initials,
 * the time on the practitioner's clock, and a link into the portal. Never the full name, the
 * reason, a note or a diagnosis, nor a care-plan activity's title (it can name a condition).
 * English: the server does not know the reader's language.
 */
export function reminderEmail(email: OwedEmail, { publicUrl }: { publicUrl: string }): MailMessage {
  const timeZone = email.timeZone ?? SCHEDULE_LIMITS.defaultTimeZone;
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(email.eventAt);
  const { date, time } = toWallTime(email.eventAt, timeZone);
  const initials = initialsOf(email.patientName);
  const isAppointment = email.source === 'appointment';
  const subject = isAppointment
    ? `Reminder: your ${time} appointment`
    : `Reminder: a care-plan activity is due at ${time}`;
  const what = isAppointment
    ? `your ${time} appointment with ${initials} on ${when} (${timeZone})`
    : `a care-plan activity for ${initials}, due ${when} (${timeZone})`;
  const link = isAppointment ? `${publicUrl}/appointments?date=${date}` : `${publicUrl}/records`;
  return {
    to: email.to,
    subject,
    text: `Hello,\n\nThis is a reminder of ${what}.\n\nOpen CareBridge for the details: ${link}\n\nCareBridge\n`,
    messageId: `<reminder-${email.id}@${new URL(publicUrl).hostname}>`,
  };
}
