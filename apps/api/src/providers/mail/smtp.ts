import nodemailer from 'nodemailer';
import type { Mailer } from './mail.ts';

/**
 * nodemailer over `SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…` for TLS from the start).
 * Its own logger stays off: it would write the server's greeting and, at debug, the
 * credentials. Timeouts bound the reminder job's hold on a database row while it sends.
 */
export function createSmtpMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    ...(url.username && {
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    }),
    logger: false,
    debug: false,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send({ to, subject, text, messageId }) {
      await transport.sendMail({ from, to, subject, text, messageId });
    },
    close() {
      transport.close();
    },
  };
}
