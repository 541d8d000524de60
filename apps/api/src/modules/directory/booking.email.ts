import type { MailMessage } from '../../providers/mail/mailer.ts';
import {
  appointmentAttachment,
  appointmentText,
  appointmentWord,
  practiceTime,
} from '../calendar/appointment-email.ts';
import type { BookableDoctor } from './booking.repository.ts';

/**
 * The booker's confirmation of an online booking, with the appointment as an `.ics`: who, where
 * and when, and whether the practice still has to confirm (what such an e-mail may say:
 * calendar/appointment-email.ts). The practitioner gets no e-mail: requests are in their app.
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
  const practice = { ...doctor.practice, timeZone: doctor.timeZone };
  const when = practiceTime(appointment.startsAt, practice);
  const what = appointmentWord(appointment.kind);
  const isRequest = appointment.status === 'requested';
  const lead = isRequest
    ? `Your request for a ${what} was sent. The practice confirms it by ${practiceTime(appointment.requestExpiresAt!, practice)}; until then the time is kept for you, and if they do not, it is cancelled.`
    : `Your ${what} is booked.`;
  return {
    to,
    subject: isRequest ? `Appointment requested for ${when}` : `Appointment booked for ${when}`,
    text: appointmentText({
      lead,
      withWhom: `${doctor.name}${doctor.practice.name ? `, ${doctor.practice.name}` : ''}`,
      startsAt: appointment.startsAt,
      practice,
      publicUrl,
    }),
    messageId: `<booking-${appointment.id}@${new URL(publicUrl).hostname}>`,
    // The same UID as the appointment's reminders, so the calendar keeps one entry.
    attachments: [
      appointmentAttachment({
        appointmentId: appointment.id,
        startsAt: appointment.startsAt,
        endsAt: appointment.endsAt,
        sequence: 0,
        isTentative: isRequest,
        summary: `Appointment with ${doctor.name}`,
        practice,
        publicUrl,
        product: 'Online booking',
        now,
      }),
    ],
  };
}
