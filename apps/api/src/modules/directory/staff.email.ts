import type { MailMessage } from '../../providers/mail/mailer.ts';
import { invitationMessage } from '../../providers/mail/invitation-message.ts';

/** The staff invitation of a facility. */
export function staffInvitationEmail({
  facilityName,
  invitationId,
  ...message
}: {
  to: string;
  url: string;
  expiresAt: Date;
  facilityName: string;
  invitationId: string;
  publicUrl: string;
}): MailMessage {
  return invitationMessage({
    ...message,
    subject: 'You are invited to join a facility on CareBridge',
    invitation: `You are invited to join the staff of ${facilityName} on CareBridge, so your directory listing can name it.`,
    messageId: `facility-staff-${invitationId}`,
  });
}
