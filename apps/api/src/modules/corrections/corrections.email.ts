import type { MailMessage } from '../../providers/mail/mailer.ts';

/*
 * E-mail leaves the portal's protection, so these say only that something happened and where to
 * read it: no patient, no text of the request or the answer. English: the server does not know
 * the reader's language.
 */

const hostOf = (publicUrl: string) => new URL(publicUrl).hostname;

interface CorrectionEmail {
  to: string;
  correctionId: string;
  publicUrl: string;
}

/** One notice: what happened, and the portal page (`path`) to read it on. */
function correctionEmail(
  { to, correctionId, publicUrl }: CorrectionEmail,
  { event, subject, body, path }: { event: string; subject: string; body: string; path: string },
): MailMessage {
  return {
    to,
    subject,
    text: `Hello,\n\n${body}: ${publicUrl}${path}\n\nCareBridge\n`,
    messageId: `<correction-${correctionId}-${event}@${hostOf(publicUrl)}>`,
  };
}

/** To the practitioner, when a linked person asks for a correction. */
export function requestedEmail(email: CorrectionEmail): MailMessage {
  return correctionEmail(email, {
    event: 'requested',
    subject: 'A correction was requested',
    body: "A correction was requested for one of your patients' records. Open the portal to read it",
    path: '/records',
  });
}

/** To the person who asked, when the practitioner has answered. */
export function answeredEmail(email: CorrectionEmail): MailMessage {
  return correctionEmail(email, {
    event: 'answered',
    subject: 'Your correction request was answered',
    body: 'Your practitioner has answered your request to correct a health record. Open the portal to read the answer',
    path: '/my-health',
  });
}
