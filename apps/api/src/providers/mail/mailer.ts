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
