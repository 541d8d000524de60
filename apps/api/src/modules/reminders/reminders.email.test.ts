import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../../test/app.ts';
import { createAppointment } from '../../../test/factories/appointments.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { loadConfig } from '../../config.ts';
import { createMailer } from '../../providers/mail/mail.ts';
import { runReminderSweep } from './reminders.jobs.ts';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const PATIENT = {
  name: 'Zacharias Quillfeather',
  diagnosedWith: 'Narcolepsy type two',
};

describe('reminder e-mail (SMTP_URL, nodemailer, an in-process SMTP server)', () => {
  it('sends each reminder once, to the practitioner, without the diagnosis, a note, the reason or the full name', async () => {
    const { headers, user } = await signIn(ctx, { timeZone: 'Europe/Berlin' });
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
