import type { MailMessage } from '../../providers/mail/mailer.ts';

/**
 * The staff invitation: its link is the code, so this message is the one place it is sent.
 * English: the server does not know the reader's language.
 */
export function staffInvitationEmail({
  to,
  url,
  expiresAt,
  facilityName,
  invitationId,
  publicUrl,
}: {
  to: string;
  url: string;
  expiresAt: Date;
  facilityName: string;
  invitationId: string;
  publicUrl: string;
}): MailMessage {
  const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(
    expiresAt,
  );
  return {
    to,
    subject: 'You are invited to join a facility on CareBridge',
    text: `Hello,\n\nYou are invited to join the staff of ${facilityName} on CareBridge, so your directory listing can name it.\n\nOpen this link, sign in with this e-mail address, and accept (until ${until}):\n${url}\n\nIf you did not expect this invitation, ignore this e-mail.\n\nCareBridge\n`,
    messageId: `<facility-staff-${invitationId}@${new URL(publicUrl).hostname}>`,
  };
}
