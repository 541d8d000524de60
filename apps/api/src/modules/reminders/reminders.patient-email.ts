import type { MailMessage } from '../../providers/mail/mailer.ts';
import {
  appointmentAttachment,
  appointmentText,
  appointmentWord,
  practiceTime,
} from '../calendar/appointment-email.ts';
import type { OwedPatientEmail } from './reminders.patients.ts';

/**
 * A linked person's appointment reminder, with the appointment as an `.ics` to add to their
 * calendar. The reader may be a parent or carer, so it says only where and when: the practice's
 * name, address and phone, the time on the practice's clock, and a link into the portal (what
 * such an e-mail may say: calendar/appointment-email.ts).
 */
export function patientReminderEmail(
  email: OwedPatientEmail,
  { publicUrl }: { publicUrl: string },
): MailMessage {
  const { practice } = email;
  const what = appointmentWord(email.kind);
  return {
    to: email.to,
    subject: `Reminder: your ${what} on ${practiceTime(email.startsAt, practice)}`,
    text: appointmentText({
      lead: `This is a reminder of your ${what} at ${practice.name}.`,
      startsAt: email.startsAt,
      practice,
      publicUrl,
    }),
    messageId: `<patient-reminder-${email.id}@${new URL(publicUrl).hostname}>`,
    attachments: [
      appointmentAttachment({
        appointmentId: email.appointmentId,
        startsAt: email.startsAt,
        endsAt: email.endsAt,
        sequence: email.sequence,
        isTentative: false,
        summary: `Appointment at ${practice.name}`,
        practice,
        publicUrl,
        product: 'Appointment reminder',
        now: new Date(),
      }),
    ],
  };
}
