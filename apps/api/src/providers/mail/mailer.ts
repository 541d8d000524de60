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
