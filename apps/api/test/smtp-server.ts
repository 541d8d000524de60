import { SMTPServer } from 'smtp-server';

/** A message the test SMTP server accepted (answered 250), its headers and decoded text. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  headers: Record<string, string>;
  /** The body with quoted-printable soft breaks and escapes undone. */
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  return Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

function parse(raw: string, to: string[]): ReceivedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { to, raw, headers, text: decodeQuotedPrintable(rest.join('\n\n')) };
}

/**
 * An in-process SMTP server on 127.0.0.1 (no TLS, no auth) for the reminder e-mail tests.
 * `holdNext` makes it keep the next message's DATA unanswered: the sender is still waiting for
 * the 250 when the test acts (kills the sending server), so that message was never accepted.
 */
export async function startSmtpServer() {
  const accepted: ReceivedMail[] = [];
  let hold: ((mail: ReceivedMail) => void) | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address);
        const mail = parse(Buffer.concat(chunks).toString('utf8'), to);
        if (hold) {
          const held = hold;
          hold = null;
          held(mail);
          return; // never answered: the message is not accepted
        }
        accepted.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    /** Resolves with the next message once its data arrived, leaving it unanswered. */
    holdNext(): Promise<ReceivedMail> {
      return new Promise((resolve) => (hold = resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
