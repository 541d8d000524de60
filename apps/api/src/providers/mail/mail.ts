/** One plain-text e-mail. `messageId` is stable per reminder, so a re-send is recognisable. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  messageId: string;
}

/** Sends e-mail; resolves once the server accepted the message (SMTP 250). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * The SMTP mailer when `SMTP_URL` is set, else null (no e-mail). nodemailer is imported only
 * then, like the other providers' SDKs.
 */
export async function createMailer({
  smtpUrl,
  from,
}: {
  smtpUrl: string | undefined;
  from: string;
}): Promise<Mailer | null> {
  if (!smtpUrl) return null;
  const { createSmtpMailer } = await import('./smtp.ts');
  return createSmtpMailer({ smtpUrl, from });
}
