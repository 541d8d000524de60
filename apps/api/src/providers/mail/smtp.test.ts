import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createSmtpMailer, smtpConnection } from './smtp.ts';

/**
 * A password in an `smtp://` URL is never sent in clear: STARTTLS is required unless the URL
 * says `?tls=off`. The server below offers AUTH but no STARTTLS, like a relay in the middle.
 */

const servers: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise<void>((done) => server.close(() => done()))),
  );
});

/** An SMTP server without STARTTLS that accepts any password in clear and records it. */
async function startPlainTextServer() {
  const passwords: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      passwords.push(auth.password ?? '');
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { port, passwords };
}

const message = {
  to: 'someone@example.test',
  subject: 'Reminder',
  text: 'Hello',
  messageId: '<smtp-test@example.test>',
};

describe('SMTP_URL with a user and password', () => {
  it('refuses to send the password to a server that does not offer STARTTLS', async () => {
    const { port, passwords } = await startPlainTextServer();
    const mailer = createSmtpMailer({
      smtpUrl: `smtp://mailer:s3cret-pass@127.0.0.1:${port}`,
      from: 'CareBridge <reminders@example.test>',
    });
    try {
      await expect(mailer.send(message)).rejects.toThrow();
    } finally {
      mailer.close();
    }
    expect(passwords).toEqual([]);
  });

  it('sends in plain text only when the URL says tls=off', async () => {
    const { port, passwords } = await startPlainTextServer();
    const mailer = createSmtpMailer({
      smtpUrl: `smtp://mailer:s3cret-pass@127.0.0.1:${port}?tls=off`,
      from: 'CareBridge <reminders@example.test>',
    });
    try {
      await mailer.send(message);
    } finally {
      mailer.close();
    }
    expect(passwords).toEqual(['s3cret-pass']);
  });

  it('requires STARTTLS for smtp:// with credentials, TLS from the start for smtps://', () => {
    expect(smtpConnection('smtp://u:p@mail.example.org:587')).toMatchObject({
      secure: false,
      requireTLS: true,
    });
    expect(smtpConnection('smtps://u:p@mail.example.org')).toMatchObject({
      port: 465,
      secure: true,
      requireTLS: false,
    });
    // Nothing to protect without credentials: STARTTLS when the server offers it.
    expect(smtpConnection('smtp://127.0.0.1:25')).toMatchObject({ requireTLS: false });
  });

  it('refuses a tls option other than off at start-up, without repeating the password', () => {
    const url = 'smtp://mailer:hunter2-secret@mail.example.org:587?tls=of';
    expect(() => loadConfig({ SMTP_URL: url })).toThrow(
      /SMTP_URL must be an smtp:\/\/ URL whose tls option, if given, is tls=off/,
    );
    expect(() => loadConfig({ SMTP_URL: url })).not.toThrow(/hunter2/);
    expect(loadConfig({ SMTP_URL: url.replace('tls=of', 'tls=off') }).SMTP_URL).toContain(
      'tls=off',
    );
  });
});
