import type { MailMessage } from '../../providers/mail/mailer.ts';

/*
 * E-mail leaves the portal's protection, so these say only that something happened and where to
 * read it: never the medicine, the patient or the practitioner's message. English: the server
 * does not know the reader's language.
 */

const hostOf = (publicUrl: string) => new URL(publicUrl).hostname;

/** To the person who asked for a refill, once the practitioner has answered. */
export function refillAnsweredEmail({
  to,
  requestId,
  publicUrl,
}: {
  to: string;
  requestId: string;
  publicUrl: string;
}): MailMessage {
  return {
    to,
    subject: 'Your refill request was answered',
    text: `Hello,\n\nYour practitioner has answered your refill request. Open the portal to read the answer: ${publicUrl}/my-health\n\nCareBridge\n`,
    messageId: `<refill-${requestId}-answered@${hostOf(publicUrl)}>`,
  };
}

/** To the people linked to the patient, when the pharmacy has the prescription ready. */
export function readyForPickupEmail({
  to,
  prescriptionId,
  pharmacyName,
  publicUrl,
}: {
  to: string;
  prescriptionId: string;
  pharmacyName: string;
  publicUrl: string;
}): MailMessage {
  return {
    to,
    subject: 'Your prescription is ready for pickup',
    text: `Hello,\n\nA prescription you sent to ${pharmacyName} is ready for pickup there. Payment is made at the pharmacy. Details: ${publicUrl}/buy-medicine\n\nCareBridge\n`,
    messageId: `<prescription-${prescriptionId}-ready@${hostOf(publicUrl)}>`,
  };
}
