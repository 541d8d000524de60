import { SCHEDULE_LIMITS } from '@portal/shared/profile';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { icsDocument, text as icsText, utc } from '../calendar/calendar.ics.ts';
import type { BookableDoctor } from './booking.repository.ts';

/**
 * The booker's confirmation of an online booking, with the appointment as an `.ics`. E-mail
 * leaves the portal's protection (relays, mailboxes, previews on a locked phone), so it says
 * only who, where and when, and whether the practice still has to confirm: never the reason
 * given, nor whom a booking for a dependant is for. English: the server does not know the
 * reader's language. The practitioner gets no e-mail: requests are in their app.
 */
export function bookingEmail({
  to,
  appointment,
  doctor,
  publicUrl,
  now,
}: {
  to: string;
  appointment: {
    id: string;
    startsAt: Date;
    endsAt: Date;
    kind: string;
    status: 'booked' | 'requested';
    requestExpiresAt: Date | null;
  };
  doctor: Pick<BookableDoctor, 'name' | 'timeZone' | 'practice'>;
  publicUrl: string;
  now: Date;
}): MailMessage {
  const timeZone = doctor.timeZone ?? SCHEDULE_LIMITS.defaultTimeZone;
  const format = (at: Date) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(
      at,
    );
  const when = format(appointment.startsAt);
  const what = appointment.kind === 'video' ? 'video appointment' : 'appointment';
  const isRequest = appointment.status === 'requested';
  const address = addressOf(doctor.practice);
  const host = new URL(publicUrl).hostname;
  const details = [
    `With: ${doctor.name}${doctor.practice.name ? `, ${doctor.practice.name}` : ''}`,
    `When: ${when} (${timeZone})`,
    address && `Where: ${address}`,
    doctor.practice.phone && `Phone: ${doctor.practice.phone}`,
  ].filter(Boolean);
  const status = isRequest
    ? `Your request for a ${what} was sent. The practice confirms it by ${format(appointment.requestExpiresAt!)}; until then the time is kept for you, and if they do not, it is cancelled.`
    : `Your ${what} is booked.`;
  return {
    to,
    subject: isRequest ? `Appointment requested for ${when}` : `Appointment booked for ${when}`,
    text: `Hello,\n\n${status}\n\n${details.join('\n')}\n\nTo see or cancel it, open CareBridge: ${publicUrl}/my-health\n\nThe attached file adds it to your calendar.\n\nCareBridge\n`,
    messageId: `<booking-${appointment.id}@${host}>`,
    attachments: [
      {
        filename: 'appointment.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: icsDocument([
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'PRODID:-//CareBridge//Online booking//EN',
          'CALSCALE:GREGORIAN',
          'METHOD:PUBLISH',
          'BEGIN:VEVENT',
          // The same UID as the appointment's reminder, so the calendar keeps one entry.
          `UID:patient-appointment-${appointment.id}@${host}`,
          `DTSTAMP:${utc(now)}`,
          `DTSTART:${utc(appointment.startsAt)}`,
          `DTEND:${utc(appointment.endsAt)}`,
          'SEQUENCE:0',
          `STATUS:${isRequest ? 'TENTATIVE' : 'CONFIRMED'}`,
          `SUMMARY:${icsText(`Appointment with ${doctor.name}`)}`,
          ...(address ? [`LOCATION:${icsText(address)}`] : []),
          'CLASS:PRIVATE',
          'TRANSP:OPAQUE',
          'END:VEVENT',
          'END:VCALENDAR',
        ]),
      },
    ],
  };
}

/** The practice's address on one line: its street's own line breaks become commas. */
function addressOf(practice: BookableDoctor['practice']): string {
  const country =
    practice.country &&
    (new Intl.DisplayNames('en', { type: 'region' }).of(practice.country) ?? practice.country);
  const town = [practice.postalCode, practice.city].filter(Boolean).join(' ');
  return [...(practice.street?.split(/\r\n|\r|\n/) ?? []), town, country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}
