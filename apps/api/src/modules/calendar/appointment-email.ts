import { SCHEDULE_LIMITS } from '@portal/shared/profile';
import type { MailAttachment } from '../../providers/mail/mailer.ts';
import { icsDocument, text as icsText, utc } from './calendar.ics.ts';

/**
 * What every e-mail to a patient about one appointment (a booking, a reminder) says of it, and
 * its `.ics`. E-mail leaves the portal's protection (relays, mailboxes, previews on a locked
 * phone), so these say only who, where and when: never a reason, a note, or whom it is for.
 * English: the server does not know the reader's language.
 */
export interface AppointmentPractice {
  street: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  phone: string | null;
  timeZone: string | null;
}

/** The time on the practice's clock, e.g. "Monday, 2 March 2026 at 09:00". */
export function practiceTime(at: Date, practice: Pick<AppointmentPractice, 'timeZone'>): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zoneOf(practice),
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(at);
}

const zoneOf = (practice: Pick<AppointmentPractice, 'timeZone'>) =>
  practice.timeZone ?? SCHEDULE_LIMITS.defaultTimeZone;

/** "video appointment" tells the reader not to travel; any other kind is an "appointment". */
export const appointmentWord = (kind: string) =>
  kind === 'video' ? 'video appointment' : 'appointment';

/** The practice's address on one line: its street's own line breaks become commas. */
export function practiceAddress(practice: AppointmentPractice): string {
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
 * The body of an e-mail about one appointment: the greeting, what happened (`lead`), when,
 * where and the phone (after `withWhom` when given), and the way into the portal.
 */
export function appointmentText({
  lead,
  withWhom,
  startsAt,
  practice,
  publicUrl,
}: {
  lead: string;
  withWhom?: string;
  startsAt: Date;
  practice: AppointmentPractice;
  publicUrl: string;
}): string {
  const address = practiceAddress(practice);
  const details = [
    withWhom && `With: ${withWhom}`,
    `When: ${practiceTime(startsAt, practice)} (${zoneOf(practice)})`,
    address && `Where: ${address}`,
    practice.phone && `Phone: ${practice.phone}`,
  ].filter(Boolean);
  return `Hello,\n\n${lead}\n\n${details.join('\n')}\n\nTo see or cancel it, open CareBridge: ${publicUrl}/my-health\n\nThe attached file adds it to your calendar.\n\nCareBridge\n`;
}

/**
 * The appointment as one VEVENT. Its UID is stable per appointment, so a later e-mail about it
 * (a reminder of a moved appointment, with a higher `sequence`) replaces the calendar's entry
 * instead of adding a second one.
 */
export function appointmentAttachment({
  appointmentId,
  startsAt,
  endsAt,
  sequence,
  isTentative,
  summary,
  practice,
  publicUrl,
  product,
  now,
}: {
  appointmentId: string;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  isTentative: boolean;
  summary: string;
  practice: AppointmentPractice;
  publicUrl: string;
  /** Which e-mail made it, in the PRODID. */
  product: string;
  now: Date;
}): MailAttachment {
  const address = practiceAddress(practice);
  const host = new URL(publicUrl).hostname;
  return {
    filename: 'appointment.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: icsDocument([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      `PRODID:-//CareBridge//${product}//EN`,
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      `UID:patient-appointment-${appointmentId}@${host}`,
      `DTSTAMP:${utc(now)}`,
      `DTSTART:${utc(startsAt)}`,
      `DTEND:${utc(endsAt)}`,
      `SEQUENCE:${sequence}`,
      `STATUS:${isTentative ? 'TENTATIVE' : 'CONFIRMED'}`,
      `SUMMARY:${icsText(summary)}`,
      ...(address ? [`LOCATION:${icsText(address)}`] : []),
      'CLASS:PRIVATE',
      'TRANSP:OPAQUE',
      'END:VEVENT',
      'END:VCALENDAR',
    ]),
  };
}
