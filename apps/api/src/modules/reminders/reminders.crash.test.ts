import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { patientInput } from '../../../test/factories/patients.ts';
import {
  signInOverHttp,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../../../test/server-process.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { findFreePort } from '../../lib/free-port.ts';

/**
 * Exactly once across a crash, with the real server process: reminders come due, the server is
 * killed (SIGKILL) while it is sending their e-mails, and a new process takes over. The SMTP
 * server holds one message unanswered and the kill comes then, so the crash falls inside a run,
 * between a send and its commit, every time (no timing involved).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const servers: ServerProcess[] = [];
beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startSmtpServer()]);
});
afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.exited));
  await smtp.close();
  await database.drop();
});

const APPOINTMENTS = 6;

async function start(port: number): Promise<ServerProcess> {
  const server = spawnServer({
    PORT: String(port),
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    REMINDERS_SWEEP_SECONDS: '1',
  });
  servers.push(server);
  await waitForHealth(`http://127.0.0.1:${port}`, server);
  return server;
}

async function api(url: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  expect(response.status).toBeLessThan(300);
  return response.json() as Promise<{ _id: string }>;
}

async function until(condition: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('reminders across a crash (real server process, pg-boss, SIGKILL)', () => {
  it('creates and e-mails each reminder exactly once when the server is killed in the middle of a run', async () => {
    const port = await findFreePort();
    const url = `http://127.0.0.1:${port}`;
    const first = await start(port);
    const idToken = await signInOverHttp(url);
    // Reminders are a premium perk.
    await database.pool.query(`update users set premium_member = true`);
    const patient = await api(
      url,
      '/api/records/patients',
      idToken,
      patientInput({ name: 'Rosalind Featherstonehaugh' }),
    );
    for (let hour = 1; hour <= APPOINTMENTS; hour += 1) {
      await api(url, '/api/appointments', idToken, {
        patientId: patient._id,
        start: new Date(Date.now() + hour * 3_600_000).toISOString(),
        duration: 30,
        kind: 'video',
      });
    }
    // All of them come due at once: booked 'two days ago', each within the default 24 hours.
    const held = smtp.holdNext();
    await database.pool.query(`update appointments set created_at = now() - interval '2 days'`);

    const heldMail = await held;
    first.child.kill('SIGKILL');
    await first.exited;
    const sentBeforeCrash = smtp.accepted.length;
    expect(sentBeforeCrash).toBeLessThan(APPOINTMENTS);

    await start(port);
    const owed = async () =>
      (
        await database.pool.query<{ owed: number }>(
          `select count(*)::int as owed from reminders where email_pending`,
        )
      ).rows[0]!.owed;
    await until(
      async () => smtp.accepted.length >= APPOINTMENTS && (await owed()) === 0,
      'every reminder e-mailed',
    );

    const { rows } = await database.pool.query<{ id: string; source_id: string }>(
      `select id, source_id from reminders`,
    );
    expect(rows).toHaveLength(APPOINTMENTS);
    expect(new Set(rows.map((row) => row.source_id)).size).toBe(APPOINTMENTS);
    const messageIds = smtp.accepted.map((mail) => mail.headers['message-id']);
    expect(messageIds.sort()).toEqual(rows.map((row) => `<reminder-${row.id}@localhost>`).sort());
    // The message unanswered at the crash was sent again, and accepted once.
    expect(messageIds.filter((id) => id === heldMail.headers['message-id'])).toHaveLength(1);
  }, 120_000); // two real server starts: ~25 s at load 14, more on a busier machine
});
