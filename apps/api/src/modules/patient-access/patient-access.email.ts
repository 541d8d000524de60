import { invitationMessage } from '../../providers/mail/invitation-message.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';

/*
 * E-mail leaves the portal's protection (relays, mailboxes, previews on a locked phone), so these
 * name no patient and hold nothing clinical: who invites, and a link into the portal. English:
 * the server does not know the reader's language.
 */

const hostOf = (publicUrl: string) => new URL(publicUrl).hostname;

/** The invitation itself. */
export function invitationEmail({
  practitionerName,
  invitationId,
  ...message
}: {
  to: string;
  url: string;
  expiresAt: Date;
  practitionerName: string;
  invitationId: string;
  publicUrl: string;
}): MailMessage {
  return invitationMessage({
    ...message,
    subject: 'Your invitation to CareBridge',
    invitation: `${practitionerName} invites you to see a health record in CareBridge.`,
    messageId: `invitation-${invitationId}`,
  });
}

/** When a link is made, both sides hear of it: a link nobody meant to make is then noticed. */
export function linkedEmails({
  linkId,
  person,
  practitioner,
  publicUrl,
}: {
  linkId: string;
  person: { email: string };
  practitioner: { email: string; name: string };
  publicUrl: string;
}): MailMessage[] {
  const host = hostOf(publicUrl);
  return [
    {
      to: person.email,
      subject: 'Your CareBridge account is linked to a health record',
      text: `Hello,\n\nYour account is now linked to a health record kept by ${practitioner.name}.\n\nOpen CareBridge to see it: ${publicUrl}/my-health\n\nIf this was not you, tell your practitioner.\n\nCareBridge\n`,
      messageId: `<link-${linkId}-person@${host}>`,
    },
    {
      to: practitioner.email,
      subject: 'An invitation to a patient record was accepted',
      text: `Hello,\n\nSomeone accepted your invitation and is now linked to one of your patients' records.\n\nOpen the patient's details in CareBridge to see who: ${publicUrl}/records\n\nCareBridge\n`,
      messageId: `<link-${linkId}-practitioner@${host}>`,
    },
  ];
}
