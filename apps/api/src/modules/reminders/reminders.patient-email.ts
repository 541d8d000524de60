import { SCHEDULE_LIMITS } from '@portal/shared/profile';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { icsDocument, text as icsText, utc } from '../calendar/calendar.ics.ts';
import type { OwedPatientEmail } from './reminders.patients.ts';

/**
 * A linked person's appointment reminder, with the appointment as an `.ics` to add to their
 * calendar. E-mail leaves the portal's protection (relays, mailboxes, previews on a locked
 * phone), and the reader may be a parent or carer, so it says only where and when: the
 * practice's name, address and phone, the time on the practice's clock, and a link into the
 * portal. Never the reason, a note, or a kind beyond "video appointment" (which tells the reader
 * not to travel). English: the server does not know the reader's language.
 */
export function patientReminderEmail(
  email: OwedPatientEmail,
  { publicUrl }: { publicUrl: string },
): MailMessage {
  const { practice } = email;
  const timeZone = practice.timeZone ?? SCHEDULE_LIMITS.defaultTimeZone;
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(email.startsAt);
  const what = email.kind === 'video' ? 'video appointment' : 'appointment';
  const address = addressOf(practice);
  const host = new URL(publicUrl).hostname;
  const details = [
    `When: ${when} (${timeZone})`,
    address && `Where: ${address}`,
    practice.phone && `Phone: ${practice.phone}`,
  ].filter(Boolean);
  return {
    to: email.to,
    subject: `Reminder: your ${what} on ${when}`,
    text: `Hello,\n\nThis is a reminder of your ${what} at ${practice.name}.\n\n${details.join('\n')}\n\nTo see or cancel it, open CareBridge: ${publicUrl}/my-health\n\nThe attached file adds it to your calendar.\n\nCareBridge\n`,
    messageId: `<patient-reminder-${email.id}@${host}>`,
    attachments: [
      {
        filename: 'appointment.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: appointmentIcs({ email, address, host, now: new Date() }),
      },
    ],
  };
}

/** The practice's address on one line: its street's own line breaks become commas. */
function addressOf(practice: OwedPatientEmail['practice']): string {
  const country =
    practice.country &&
    (new Intl.DisplayNames('en', { type: 'region' }).of(practice.country) ?? practice.country);
  const town = [practice.postalCode, practice.city].filter(Boolean).join(' ');
  return [...(practice.street?.split(/\r\n|\r|\n/) ?? []), town, country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * One VEVENT, its UID stable per appointment, so a reminder of a moved appointment (a higher
 * SEQUENCE) replaces the calendar's entry instead of adding a second one.
 */
function appointmentIcs({
  email,
  address,
  host,
  now,
}: {
  email: OwedPatientEmail;
  address: string;
  host: string;
  now: Date;
}): string {
  return icsDocument([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//CareBridge//Appointment reminder//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:patient-appointment-${email.appointmentId}@${host}`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(email.startsAt)}`,
    `DTEND:${utc(email.endsAt)}`,
    `SEQUENCE:${email.sequence}`,
    'STATUS:CONFIRMED',
    `SUMMARY:${icsText(`Appointment at ${email.practice.name}`)}`,
    ...(address ? [`LOCATION:${icsText(address)}`] : []),
    'CLASS:PRIVATE',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ]);
}
