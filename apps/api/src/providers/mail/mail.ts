import type { Mailer } from './mailer.ts';

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
