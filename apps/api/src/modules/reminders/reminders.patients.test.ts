import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/app.ts';
import { DEFAULT_NOTICE_PREFERENCES } from '@portal/shared/notice-preferences';
import {
  cancelAppointment,
  createAppointment,
  putAppointment,
} from '../../../test/factories/appointments.ts';
import { createTestAppWithSmtp, keptMail } from '../../../test/mail.ts';
import type { ReceivedMail, startSmtpServer } from '../../../test/smtp-server.ts';
import { createMailer } from '../../providers/mail/mail.ts';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.ts';
import { endLink, linkedPatientOf } from '../my-health/my-health.factories.ts';
import { runReminderSweep } from './reminders.jobs.ts';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let close: () => Promise<void>;
beforeAll(async () => ({ ctx, smtp, close } = await createTestAppWithSmtp()));
afterAll(() => close());

const sweep = (mailer: Mailer | null) =>
  runReminderSweep({ db: ctx.database.db, mailer, publicUrl: ctx.config.PUBLIC_URL });

const REASON = 'Insulin pump review';
const NOTE = 'Ask about the night-time lows';

/**
 * A person linked to a patient of a practice in Lisbon, and one appointment of that patient
 * (booked far ahead, then moved to start in `startsIn`: a reminder is due from 24 hours before).
 */
async function linkedAppointment({
  startsIn = '2 hours',
  kind = 'in-person',
}: { startsIn?: string; kind?: 'in-person' | 'video' } = {}) {
  const linked = await linkedPatientOf(ctx);
  await ctx.database.pool.query(`update users set time_zone = 'Europe/Lisbon' where id = $1`, [
    linked.owner.user._id,
  ]);
  const appointment = await createAppointment(ctx, linked.owner.headers, {
    patientId: linked.patientId,
    start: '2099-01-01T09:00:00Z',
    kind,
    reason: REASON,
    note: NOTE,
  });
  const startsAt = await moveTo(appointment._id, startsIn);
  return { ...linked, appointment, startsAt };
}

/** Moves an appointment to start `startsIn` from now (30 minutes long); answers the start. */
async function moveTo(appointmentId: string, startsIn: string): Promise<Date> {
  const { rows } = await ctx.database.pool.query<{ starts_at: Date }>(
    `update appointments set starts_at = now() + $2::interval,
       ends_at = now() + $2::interval + interval '30 minutes'
     where id = $1 returning starts_at`,
    [appointmentId, startsIn],
  );
  return rows[0]!.starts_at;
}

/** The patient's appointments' reminders, come (and owed) before what the test changes. */
async function owedBeforehand({ patientId, userId }: { patientId: string; userId: string }) {
  await ctx.database.pool.query(
    `insert into patient_reminders (appointment_id, user_id, event_at)
     select id, $2, starts_at from appointments where patient_id = $1`,
    [patientId, userId],
  );
}

const to = (mailer: { sent: MailMessage[] }, email: string) =>
  mailer.sent.filter((message) => message.to === email);

/** An iCalendar object's properties, its folded lines joined again (RFC 5545 §3.1). */
function icsProperties(ics: string): [string, string][] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon), line.slice(colon + 1)];
    });
}

/** The decoded body of the MIME part of `contentType` in a raw message. */
function mimePart(mail: ReceivedMail, contentType: string): { headers: string; body: string } {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(mail.raw)?.[1];
  if (!boundary) throw new Error('not a multipart message');
  for (const part of mail.raw.split(`--${boundary}`)) {
    const [headers = '', ...rest] = part.replace(/^\r\n/, '').split('\r\n\r\n');
    if (!headers.toLowerCase().includes(`content-type: ${contentType}`)) continue;
    const body = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    const encoding = /content-transfer-encoding: (\S+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'base64') return { headers, body: Buffer.from(body, 'base64').toString() };
    if (encoding === 'quoted-printable')
      return {
        headers,
        body: Buffer.from(
          body
            .replace(/=\r\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
              String.fromCharCode(parseInt(hex, 16)),
            ),
          'latin1',
        ).toString('utf8'),
      };
    return { headers, body };
  }
  throw new Error(`no ${contentType} part`);
}

describe("a linked patient's appointment reminder (e-mail with an .ics)", () => {
  it('e-mails the linked person once, with the practice, its address and phone, the time on its clock and the appointment as an .ics', async () => {
    const { person, appointment, startsAt } = await linkedAppointment();
    const mailer = await createMailer({ smtpUrl: smtp.url, from: 'CareBridge <r@localhost>' });
    await sweep(mailer);
    await sweep(mailer);
    mailer!.close();

    const mails = smtp.accepted.filter((mail) => mail.to.includes(person.user.email));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      `select id from patient_reminders where appointment_id = $1`,
      [appointment._id],
    );
    expect(mail!.headers['message-id']).toBe(`<patient-reminder-${rows[0]!.id}@localhost>`);
    const when = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Lisbon',
      dateStyle: 'full',
      timeStyle: 'short',
    }).format(startsAt);
    expect(mail!.headers.subject).toBe(`Reminder: your appointment on ${when}`);
    const text = mimePart(mail!, 'text/plain').body;
    expect(text).toContain('This is a reminder of your appointment at Clínica do Rio.');
    expect(text).toContain(`When: ${when} (Europe/Lisbon)`);
    expect(text).toContain('Where: Rua das Flores 12, 2.º esquerdo, 4050-262 Porto, Portugal');
    expect(text).toContain('Phone: +351221234567');
    expect(text).toContain(`${ctx.config.PUBLIC_URL}/my-health`);

    const ics = mimePart(mail!, 'text/calendar');
    expect(ics.headers).toMatch(/filename="?appointment\.ics"?/);
    expect(ics.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(ics.body.endsWith('\r\n')).toBe(true);
    const properties = icsProperties(ics.body);
    const value = (name: string) => properties.filter(([key]) => key === name).map(([, v]) => v);
    expect(value('METHOD')).toEqual(['PUBLISH']);
    expect(value('BEGIN')).toEqual(['VCALENDAR', 'VEVENT']);
    expect(value('UID')).toEqual([`patient-appointment-${appointment._id}@localhost`]);
    const utc = (date: Date) => date.toISOString().replace(/[-:]|\.\d{3}/g, '');
    expect(value('DTSTART')).toEqual([utc(startsAt)]);
    expect(value('DTEND')).toEqual([utc(new Date(startsAt.getTime() + 30 * 60_000))]);
    expect(value('SUMMARY')).toEqual(['Appointment at Clínica do Rio']);
    expect(value('LOCATION')).toEqual([
      'Rua das Flores 12\\, 2.º esquerdo\\, 4050-262 Porto\\, Portugal',
    ]);
    expect(value('DESCRIPTION')).toEqual([]);

    for (const clinical of [REASON, NOTE, 'Lucia', 'Ferreira', 'diabetes', 'in person']) {
      expect(mail!.raw).not.toContain(clinical);
      expect(text).not.toContain(clinical);
      expect(ics.body).not.toContain(clinical);
    }
  });

  it('says "video appointment" for a video appointment, and nothing else of its kind', async () => {
    const { person } = await linkedAppointment({ kind: 'video' });
    const mailer = keptMail();
    await sweep(mailer);
    const [message] = to(mailer, person.user.email);
    expect(message!.subject).toMatch(/^Reminder: your video appointment on /);
    expect(message!.text).toContain('your video appointment at Clínica do Rio.');
    expect(JSON.stringify(message)).not.toContain(REASON);
    expect(JSON.stringify(message)).not.toContain(NOTE);
  });

  it('sends nothing while the appointment is more than 24 hours away, then once it comes within them', async () => {
    const { person, appointment } = await linkedAppointment({ startsIn: '25 hours' });
    const mailer = keptMail();
    await sweep(mailer);
    expect(to(mailer, person.user.email)).toEqual([]);
    await moveTo(appointment._id, '23 hours');
    await sweep(mailer);
    expect(to(mailer, person.user.email)).toHaveLength(1);
  });

  it('never e-mails twice across two job runs, nor when a second run comes while the first is sending', async () => {
    const { person } = await linkedAppointment();
    const second = keptMail();
    const first = keptMail();
    const firstSend = first.send;
    // The second run starts, and ends, while the first holds the reminder between send and mark.
    first.send = async (message) => {
      await sweep(second);
      await firstSend(message);
    };
    await sweep(first);
    await sweep(second);
    expect(to(first, person.user.email)).toHaveLength(1);
    expect(to(second, person.user.email)).toEqual([]);
  });

  it('sends nothing to a person who turned these reminders off, even a reminder already owed', async () => {
    const { person, patientId } = await linkedAppointment();
    await owedBeforehand({ patientId, userId: person.user._id });
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/notice-preferences',
      headers: person.headers,
      payload: { ...DEFAULT_NOTICE_PREFERENCES, 'patient-appointment-reminders': false },
    });
    expect(off.statusCode).toBe(200);
    const mailer = keptMail();
    await sweep(mailer);
    expect(to(mailer, person.user.email)).toEqual([]);
  });

  it('sends nothing once the link ended, even a reminder that was already owed', async () => {
    const { person, patientId } = await linkedAppointment({ startsIn: '2 hours' });
    await owedBeforehand({ patientId, userId: person.user._id });
    await endLink(ctx, { userId: person.user._id, patientId });
    const mailer = keptMail();
    await sweep(mailer);
    expect(to(mailer, person.user.email)).toEqual([]);
  });

  it('sends nothing for a cancelled appointment, even a reminder that was already owed', async () => {
    const { person, owner, appointment, patientId } = await linkedAppointment();
    await owedBeforehand({ patientId, userId: person.user._id });
    expect((await cancelAppointment(ctx, owner.headers, appointment)).statusCode).toBe(200);
    const mailer = keptMail();
    await sweep(mailer);
    expect(to(mailer, person.user.email)).toEqual([]);
  });

  it('reminds of a moved appointment at its new time, the same calendar entry with a higher SEQUENCE', async () => {
    const { person, owner, appointment } = await linkedAppointment({ startsIn: '2 hours' });
    const mailer = keptMail();
    await sweep(mailer);
    const moved = await putAppointment(ctx, owner.headers, appointment, {
      start: '2099-01-02T09:00:00Z',
      reason: REASON,
      note: NOTE,
    });
    expect(moved.statusCode).toBe(200);
    const newStart = await moveTo(appointment._id, '5 hours');
    await sweep(mailer);
    await sweep(mailer);

    const sent = to(mailer, person.user.email);
    expect(sent).toHaveLength(2);
    const [first, second] = sent.map((message) => icsProperties(message.attachments![0]!.content));
    const value = (properties: [string, string][], name: string) =>
      properties.find(([key]) => key === name)?.[1];
    expect(value(second!, 'UID')).toBe(value(first!, 'UID'));
    expect(Number(value(second!, 'SEQUENCE'))).toBeGreaterThan(Number(value(first!, 'SEQUENCE')));
    expect(value(second!, 'DTSTART')).toBe(newStart.toISOString().replace(/[-:]|\.\d{3}/g, ''));
  });

  it('sends one reminder, at the new time, of an appointment moved while its reminder was owed', async () => {
    const { person, patientId, appointment } = await linkedAppointment({ startsIn: '2 hours' });
    await owedBeforehand({ patientId, userId: person.user._id });
    const newStart = await moveTo(appointment._id, '6 hours');
    const mailer = keptMail();
    await sweep(mailer);
    const sent = to(mailer, person.user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.attachments![0]!.content).toContain(
      `DTSTART:${newStart.toISOString().replace(/[-:]|\.\d{3}/g, '')}`,
    );
  });
});
