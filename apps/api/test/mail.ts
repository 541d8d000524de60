import type { Mailer, MailMessage } from '../src/providers/mail/mailer.ts';
import { createTestApp, type TestContext } from './app.ts';
import { startSmtpServer } from './smtp-server.ts';

/** A mailer that keeps what it is given, in order. */
export function keptMail(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, send: async (message) => void sent.push(message), close: () => {} };
}

/** The test app with its e-mail going to an in-process SMTP server; `close` stops both. */
export async function createTestAppWithSmtp(): Promise<{
  ctx: TestContext;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  close: () => Promise<void>;
}> {
  const smtp = await startSmtpServer();
  const ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
  return {
    ctx,
    smtp,
    close: async () => {
      await ctx.close();
      await smtp.close();
    },
  };
}
