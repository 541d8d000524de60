import type { Config } from '../../config.ts';

/** A file sent with an e-mail, e.g. an appointment's `.ics`. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** One plain-text e-mail. `messageId` is stable per reminder, so a re-send is recognisable. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  messageId: string;
  attachments?: MailAttachment[];
}

/** Sends e-mail; resolves once the server accepted the message (SMTP 250). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * What a module that e-mails people takes: the mailer (none when SMTP is not configured, and then
 * nothing is sent) and the portal's address its links point at.
 */
export interface MailingDeps {
  mailer: Mailer | null;
  config: Pick<Config, 'PUBLIC_URL'>;
}
