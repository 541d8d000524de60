import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type AuthHeaders, type TestContext } from '../../../test/app.ts';
import { createAppointment } from '../../../test/factories/appointments.ts';
import { becomeMember } from '../../../test/factories/billing.ts';
import { createPatient, trashPatient } from '../../../test/factories/patients.ts';
import { DEFAULT_NOTICE_PREFERENCES } from '@portal/shared/notice-preferences';
import { practitioner } from '../../../test/patient-resources.ts';
import { createTestAppWithSmtp, keptMail } from '../../../test/mail.ts';
import type { startSmtpServer } from '../../../test/smtp-server.ts';
import { loadConfig } from '../../config.ts';
import { createMailer } from '../../providers/mail/mail.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { EMAILS_PER_SWEEP, runReminderSweep } from './reminders.jobs.ts';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let close: () => Promise<void>;
beforeAll(async () => ({ ctx, smtp, close } = await createTestAppWithSmtp()));
afterAll(() => close());

const PATIENT = {
  name: 'Zacharias Quillfeather',
  diagnosedWith: 'Narcolepsy type two',
};

describe('reminder e-mail (SMTP_URL, nodemailer, an in-process SMTP server)', () => {
  it('sends each reminder once, to the practitioner, without the diagnosis, a note, the reason or the full name', async () => {
    const { headers, user } = await signIn(ctx, { timeZone: 'Europe/Berlin' });
    await becomeMember(ctx, headers);
    const patient = await createPatient(ctx, headers, PATIENT);
    const appointment = await createAppointment(ctx, headers, {
      patientId: patient._id,
      start: '2099-01-01T09:00:00Z',
      reason: 'Sleep study results',
      note: 'Discuss medication change',
    });
    // Due now: starts in 2 hours, reminder 24 hours before, booked two days ago.
    await ctx.database.pool.query(
      `update appointments set starts_at = now() + interval '2 hours',
         ends_at = now() + interval '2 hours 30 minutes', created_at = now() - interval '2 days'
       where id = $1`,
      [appointment._id],
    );
    const mailer = await createMailer({
      smtpUrl: smtp.url,
      from: 'CareBridge <reminders@localhost>',
    });
    const sweep = () =>
      runReminderSweep({ db: ctx.database.db, mailer, publicUrl: ctx.config.PUBLIC_URL });
    expect(await sweep()).toEqual({ created: 1, emailed: 1 });
    expect(await sweep()).toEqual({ created: 0, emailed: 0 });
    mailer!.close();

    expect(smtp.accepted).toHaveLength(1);
    const [mail] = smtp.accepted;
    expect(mail!.to).toEqual([user.email]);
    const { rows } = await ctx.database.pool.query<{ id: string; starts_at: Date }>(
      `select r.id, a.starts_at from reminders r join appointments a on a.id = r.source_id`,
    );
    expect(mail!.headers['message-id']).toBe(`<reminder-${rows[0]!.id}@localhost>`);
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(rows[0]!.starts_at);
    expect(mail!.headers.subject).toBe(`Reminder: your ${time} appointment`);
    expect(mail!.text).toContain(`your ${time} appointment with Z.Q. on`);
    expect(mail!.text).toContain('(Europe/Berlin)');
    for (const secret of [
      'Zacharias',
      'Quillfeather',
      'Narcolepsy',
      'Sleep study',
      'medication change',
    ]) {
      expect(mail!.raw).not.toContain(secret);
      expect(mail!.text).not.toContain(secret);
    }
  });

  it('never repeats SMTP_URL (its password) in a configuration error', () => {
    const secretUrl = 'smtp://mailer:hunter2-very-secret@127.0.0.1:2525';
    expect(() => loadConfig({ SMTP_URL: `${secretUrl} ` })).toThrow(
      /^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    try {
      loadConfig({ SMTP_URL: `${secretUrl} ` });
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
    }
    expect(loadConfig({ SMTP_URL: secretUrl }).SMTP_URL).toBe(secretUrl);
  });
});

/**
 * `count` reminders owed by e-mail to the practitioner, created `ago` back, one a second, of an
 * appointment an hour from now unless `source` and `eventIn` (an interval from now) say otherwise.
 */
async function owedReminders(
  owner: { user: { _id: string }; patient: { _id: string } },
  {
    count,
    ago,
    source = 'appointment',
    eventIn = '1 hour',
  }: { count: number; ago: string; source?: string; eventIn?: string },
): Promise<string[]> {
  const { rows } = await ctx.database.pool.query<{ id: string }>(
    `insert into reminders (owner_id, patient_id, source, source_id, event_at, email_pending, created_at)
     select $1, $2, $5, gen_random_uuid(), now() + $6::interval, true,
       now() - $3::interval + n * interval '1 second'
     from generate_series(1, $4::int) n
     returning id`,
    [owner.user._id, owner.patient._id, ago, count, source, eventIn],
  );
  return rows.map((row) => row.id);
}

const messageIdOf = (id: string) => `<reminder-${id}@localhost>`;

async function turnReminderEmails(headers: AuthHeaders, isOn: boolean) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/user/notice-preferences',
    headers,
    payload: { ...DEFAULT_NOTICE_PREFERENCES, 'appointment-reminders': isOn },
  });
  expect(response.statusCode).toBe(200);
}

/**
 * Runs `run` counting what it sends to PostgreSQL: statements on the pool, and transactions
 * (each takes a connection of its own; the pool's `query` takes one too, so those are not counted).
 */
async function countingStatements<T>(run: () => Promise<T>) {
  const pool = ctx.database.pool;
  const { query, connect } = pool;
  let statements = 0;
  let transactions = 0;
  pool.query = ((...args: Parameters<typeof query>) => {
    statements += 1;
    return query.apply(pool, args);
  }) as typeof query;
  pool.connect = ((...args: Parameters<typeof connect>) => {
    transactions += 1;
    return connect.apply(pool, args);
  }) as typeof connect;
  try {
    return { result: await run(), statements, transactions: transactions - statements };
  } finally {
    pool.query = query;
    pool.connect = connect;
  }
}

async function sweepWith(mailer: Mailer) {
  return runReminderSweep({ db: ctx.database.db, mailer, publicUrl: ctx.config.PUBLIC_URL });
}

describe('which reminder e-mails a sweep sends', () => {
  it("sends another practitioner's one reminder in the first batch, behind thousands owed to one practitioner", async () => {
    const busy = await practitioner(ctx, { isMember: true });
    const other = await practitioner(ctx, { isMember: true });
    await owedReminders(busy, { count: 3000, ago: '2 days' });
    const [theirs] = await owedReminders(other, { count: 1, ago: '1 hour' });
    const mailer = keptMail();
    expect(await sweepWith(mailer)).toMatchObject({ emailed: EMAILS_PER_SWEEP });
    expect(mailer.sent.map((mail) => mail.messageId)).toContain(messageIdOf(theirs!));
    await ctx.database.pool.query(`delete from reminders where owner_id = $1`, [busy.user._id]);
  });

  it("holds a trashed patient's reminders back and sends them once the patient is restored", async () => {
    const owner = await practitioner(ctx, { isMember: true });
    const [owed] = await owedReminders(owner, { count: 1, ago: '1 minute' });
    await trashPatient(ctx, owner.headers, owner.patient._id);
    const mailer = keptMail();
    expect(await sweepWith(mailer)).toEqual({ created: 0, emailed: 0 });
    const restored = await ctx.app.inject({
      method: 'POST',
      url: `/api/records/patients/${owner.patient._id}/restore`,
      headers: owner.headers,
    });
    expect(restored.statusCode).toBe(200);
    expect(await sweepWith(mailer)).toEqual({ created: 0, emailed: 1 });
    expect(mailer.sent.map((mail) => mail.messageId)).toEqual([messageIdOf(owed!)]);
  });

  it('gives up, once the patient is restored or the membership is back, the held-back e-mails whose event is over', async () => {
    const trashed = await practitioner(ctx, { isMember: true });
    const lapsed = await practitioner(ctx, { isMember: true });
    const [trashedPast] = await owedReminders(trashed, { count: 1, ago: '3 days' });
    const [trashedToCome] = await owedReminders(trashed, { count: 1, ago: '3 days' });
    const [lapsedPast] = await owedReminders(lapsed, {
      count: 1,
      ago: '3 days',
      source: 'care-plan-activity',
    });
    const [lapsedToday] = await owedReminders(lapsed, {
      count: 1,
      ago: '3 days',
      source: 'care-plan-activity',
    });
    await trashPatient(ctx, trashed.headers, trashed.patient._id);
    await ctx.database.pool.query(`update users set premium_member = false where id = $1`, [
      lapsed.user._id,
    ]);
    const mailer = keptMail();
    expect(await sweepWith(mailer)).toEqual({ created: 0, emailed: 0 });
    // Meanwhile one appointment has started, and one activity's day (begun 25 hours ago) ended;
    // the other activity's day began an hour ago.
    const moveEvent = (id: string, interval: string) =>
      ctx.database.pool.query(
        `update reminders set event_at = now() + $2::interval where id = $1`,
        [id, interval],
      );
    await moveEvent(trashedPast!, '-1 minute');
    await moveEvent(lapsedPast!, '-25 hours');
    await moveEvent(lapsedToday!, '-1 hour');
    const restored = await ctx.app.inject({
      method: 'POST',
      url: `/api/records/patients/${trashed.patient._id}/restore`,
      headers: trashed.headers,
    });
    expect(restored.statusCode).toBe(200);
    await ctx.database.pool.query(`update users set premium_member = true where id = $1`, [
      lapsed.user._id,
    ]);

    expect(await sweepWith(mailer)).toEqual({ created: 0, emailed: 2 });
    expect(mailer.sent.map((mail) => mail.messageId).sort()).toEqual(
      [messageIdOf(trashedToCome!), messageIdOf(lapsedToday!)].sort(),
    );
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      `select id from reminders where id = any($1) and not email_pending and email_sent_at is null`,
      [[trashedPast, lapsedPast]],
    );
    expect(rows.map((row) => row.id).sort()).toEqual([trashedPast, lapsedPast].sort());
    expect(await sweepWith(mailer)).toEqual({ created: 0, emailed: 0 });
  });

  it('sends no e-mail to a practitioner who turned reminder e-mails off, while the bell still shows the reminder', async () => {
    const quiet = await practitioner(ctx, { isMember: true });
    const other = await practitioner(ctx, { isMember: true });
    await turnReminderEmails(quiet.headers, false);
    const [held] = await owedReminders(quiet, { count: 1, ago: '1 minute' });
    const [theirs] = await owedReminders(other, { count: 1, ago: '1 minute' });
    const mailer = keptMail();
    expect(await sweepWith(mailer)).toEqual({ created: 0, emailed: 1 });
    expect(mailer.sent.map((mail) => mail.messageId)).toEqual([messageIdOf(theirs!)]);
    const bell = await ctx.app.inject({ url: '/api/reminders', headers: quiet.headers });
    expect(bell.json()).toMatchObject({ reminders: [{ _id: held }], unreadCount: 1 });
    // Turned back on, the e-mail of an event still to come goes out.
    await turnReminderEmails(quiet.headers, true);
    expect(await sweepWith(mailer)).toEqual({ created: 0, emailed: 1 });
    expect(mailer.sent.map((mail) => mail.messageId)).toContain(messageIdOf(held!));
  });

  it("decides every practitioner's choice within the batch's one query: e-mails turned off cost no statement each", async () => {
    const quiet = await practitioner(ctx, { isMember: true });
    const other = await practitioner(ctx, { isMember: true });
    await turnReminderEmails(quiet.headers, false);
    await owedReminders(quiet, { count: 50, ago: '1 minute' });
    const [theirs] = await owedReminders(other, { count: 1, ago: '1 minute' });
    const mailer = keptMail();
    const counted = await countingStatements(() =>
      runReminderSweep({
        db: ctx.database.db,
        mailer,
        publicUrl: ctx.config.PUBLIC_URL,
        steps: [],
      }),
    );
    expect(counted.result).toEqual({ created: 0, emailed: 1 });
    expect(mailer.sent.map((mail) => mail.messageId)).toEqual([messageIdOf(theirs!)]);
    // Giving up past events and taking the batch's turns, the same two for the linked patients'
    // reminders; then one transaction per e-mail sent.
    expect({ statements: counted.statements, transactions: counted.transactions }).toEqual({
      statements: 4,
      transactions: 1,
    });
    await ctx.database.pool.query(`delete from reminders where owner_id = $1`, [quiet.user._id]);
  });

  it('neither creates nor sends reminders for a practitioner who is not (or no longer) a member', async () => {
    const nonMember = await practitioner(ctx);
    const appointment = await createAppointment(ctx, nonMember.headers, {
      patientId: nonMember.patient._id,
      start: '2099-01-01T09:00:00Z',
    });
    await ctx.database.pool.query(
      `update appointments set starts_at = now() + interval '2 hours',
         ends_at = now() + interval '2 hours 30 minutes', created_at = now() - interval '2 days'
       where id = $1`,
      [appointment._id],
    );
    const refunded = await practitioner(ctx, { isMember: true });
    await owedReminders(refunded, { count: 1, ago: '1 minute' });
    await ctx.database.pool.query(`update users set premium_member = false where id = $1`, [
      refunded.user._id,
    ]);
    const mailer = keptMail();
    expect(await sweepWith(mailer)).toEqual({ created: 0, emailed: 0 });
    expect(mailer.sent).toEqual([]);
  });
});
