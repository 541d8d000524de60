import type { MailMessage } from '../../providers/mail/mailer.ts';

/*
 * E-mail leaves the portal's protection, so these say only that something happened and where to
 * read it: no patient, no text of the request or the answer. English: the server does not know
 * the reader's language.
 */

const hostOf = (publicUrl: string) => new URL(publicUrl).hostname;

/** To the practitioner, when a linked person asks for a correction. */
export function requestedEmail({
  to,
  correctionId,
  publicUrl,
}: {
  to: string;
  correctionId: string;
  publicUrl: string;
}): MailMessage {
  return {
    to,
    subject: 'A correction was requested',
    text: `Hello,\n\nA correction was requested for one of your patients' records. Open the portal to read it: ${publicUrl}/records\n\nCareBridge\n`,
    messageId: `<correction-${correctionId}-requested@${hostOf(publicUrl)}>`,
  };
}

/** To the person who asked, when the practitioner has answered. */
export function answeredEmail({
  to,
  correctionId,
  publicUrl,
}: {
  to: string;
  correctionId: string;
  publicUrl: string;
}): MailMessage {
  return {
    to,
    subject: 'Your correction request was answered',
    text: `Hello,\n\nYour practitioner has answered your request to correct a health record. Open the portal to read the answer: ${publicUrl}/my-health\n\nCareBridge\n`,
    messageId: `<correction-${correctionId}-answered@${hostOf(publicUrl)}>`,
  };
}
