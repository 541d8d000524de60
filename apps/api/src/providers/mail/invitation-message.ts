import type { MailMessage } from './mailer.ts';

/**
 * An invitation by e-mail: its link holds the one-time code, so this message is the one place
 * the code is sent. `invitation` says who invites to what, one sentence. English: the server
 * does not know the reader's language.
 */
export function invitationMessage({
  to,
  subject,
  invitation,
  url,
  expiresAt,
  messageId,
  publicUrl,
}: {
  to: string;
  subject: string;
  invitation: string;
  url: string;
  expiresAt: Date;
  /** Unique per invitation; the host of `publicUrl` is added. */
  messageId: string;
  publicUrl: string;
}): MailMessage {
  const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(
    expiresAt,
  );
  return {
    to,
    subject,
    text: `Hello,\n\n${invitation}\n\nOpen this link, sign in with this e-mail address, and accept (until ${until}):\n${url}\n\nIf you did not expect this invitation, ignore this e-mail.\n\nCareBridge\n`,
    messageId: `<${messageId}@${new URL(publicUrl).hostname}>`,
  };
}
