import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** The one value of `SMTP_URL`'s `tls` option: plain text allowed (a relay on the same host). */
export const SMTP_TLS_OFF = 'off';

/**
 * `SMTP_URL`'s connection: `smtps://…` is TLS from the start; `smtp://` with a user and
 * password requires STARTTLS before the password is sent (a server that does not offer it is
 * refused, never given the password in clear), unless the URL says `?tls=off`. Without
 * credentials STARTTLS is used whenever the server offers it.
 */
export function smtpConnection(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const isSecure = url.protocol === 'smtps:';
  const hasCredentials = url.username !== '';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : isSecure ? 465 : 587,
    secure: isSecure,
    requireTLS: !isSecure && hasCredentials && url.searchParams.get('tls') !== SMTP_TLS_OFF,
    ...(hasCredentials && {
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    }),
  };
}

/**
 * nodemailer over `SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…` for TLS from the start).
 * Its own logger stays off: it would write the server's greeting and, at debug, the
 * credentials. Timeouts bound the reminder job's hold on a database row while it sends.
 */
export function createSmtpMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({
    ...smtpConnection(smtpUrl),
    logger: false,
    debug: false,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send({ to, subject, text, messageId, attachments }) {
      await transport.sendMail({ from, to, subject, text, messageId, attachments });
    },
    close() {
      transport.close();
    },
  };
}
