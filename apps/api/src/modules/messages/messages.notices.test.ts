import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/app.ts';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.ts';
import { messagesTestKit, SUPPORT_ENV } from './messages.factories.ts';
import { sendMessageNotices } from './messages.notices.ts';

const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (message) => void sent.push(message), close: () => {} };
const ctx = useTestApp({ env: SUPPORT_ENV });
const kit = messagesTestKit(ctx);

/** Moves a thread's messages and reads `minutes` into the past, as if written and read then. */
const age = async (threadId: string, minutes: number) => {
  for (const [table, column] of [
    ['messages', 'created_at'],
    ['message_reads', 'read_at'],
  ])
    await ctx.database.pool.query(
      `update ${table} set ${column} = ${column} - make_interval(mins => $2) where thread_id = $1`,
      [threadId, minutes],
    );
};

const sweep = () =>
  sendMessageNotices({ db: ctx.database.db, mailer, publicUrl: ctx.config.PUBLIC_URL });

describe('the "new message" e-mail', () => {
  it('tells the reader of a message unread after 10 minutes, once, without its text or patient', async () => {
    const { doctor, patient, patientId } = await kit.careTeam();
    const { thread } = await kit.startThread(patient.headers, {
      patientId,
      subject: 'Rash on my arm',
      body: 'It itches since Monday',
    });
    sent.length = 0;
    expect(await sweep()).toBe(0);
    await age(thread._id, 11);
    expect(await sweep()).toBe(1);
    expect(sent).toEqual([
      {
        to: doctor.user.email,
        subject: 'You have a new message',
        text: `Hello,\n\nYou have a new message in CareBridge. Open the portal to read it: ${ctx.config.PUBLIC_URL}/messages\n\nCareBridge\n`,
        messageId: expect.stringMatching(/^<message-[0-9a-f-]+-[0-9a-f-]+@localhost>$/),
      },
    ]);
    const text = JSON.stringify(sent);
    for (const secret of ['Rash', 'itches', 'Omar', patientId]) expect(text).not.toContain(secret);
    expect(await sweep()).toBe(0);
  });

  it('sends nothing for a message read in time, or to a reader who turned the notices off', async () => {
    const { doctor, patient, patientId } = await kit.careTeam();
    const read = await kit.startThread(patient.headers, { patientId, subject: 'A', body: 'Read' });
    await kit.action(doctor.headers, read.thread._id, 'read');
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/notice-preferences',
      headers: patient.headers,
      payload: {
        'appointment-reminders': true,
        'link-notices': true,
        'patient-appointment-reminders': true,
        'correction-notices': true,
        'message-notices': false,
        'medicine-notices': true,
      },
    });
    const unwanted = await kit.startThread(doctor.headers, {
      patientId,
      subject: 'B',
      body: 'To a patient who wants no e-mail',
    });
    await age(read.thread._id, 11);
    await age(unwanted.thread._id, 11);
    sent.length = 0;
    await sweep();
    expect(sent).toEqual([]);
  });

  it('tells a support thread’s writer of Support’s answer, never Support of the question', async () => {
    const user = await signIn(ctx);
    const { thread } = await kit.startThread(user.headers, {
      support: true,
      subject: 'Billing',
      body: 'Refund?',
    });
    await kit.write(await kit.supportHeaders(), thread._id, 'Done.');
    await age(thread._id, 11);
    sent.length = 0;
    await sweep();
    expect(sent.map((mail) => mail.to)).toEqual([user.user.email]);
  });

  it('sends one e-mail when two instances sweep at once', async () => {
    const { patient, patientId } = await kit.careTeam();
    const { thread } = await kit.startThread(patient.headers, {
      patientId,
      subject: 'Twice?',
      body: 'Once',
    });
    await age(thread._id, 11);
    sent.length = 0;
    const counts = await Promise.all([sweep(), sweep(), sweep()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it('keeps a notice owed when the mail server refuses it', async () => {
    const { patient, patientId } = await kit.careTeam();
    const { thread } = await kit.startThread(patient.headers, {
      patientId,
      subject: 'Retry',
      body: 'Later',
    });
    await age(thread._id, 11);
    const failing: Mailer = {
      send: async () => {
        throw new Error('550 mailbox unavailable');
      },
      close: () => {},
    };
    expect(
      await sendMessageNotices({
        db: ctx.database.db,
        mailer: failing,
        publicUrl: ctx.config.PUBLIC_URL,
      }),
    ).toBe(0);
    sent.length = 0;
    expect(await sweep()).toBe(1);
  });
});
