import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/shared/errors';
import { MESSAGE_TEXTS, type TThread } from '@portal/shared/message-threads';
import { signIn, useTestApp } from '../../../test/app.ts';
import { becomeMember } from '../../../test/factories/billing.ts';
import { and, eq, isNull } from 'drizzle-orm';
import { patientLinks } from '../../db/schema/patient-links.ts';
import { messagesTestKit, SUPPORT_ENV } from './messages.factories.ts';

const ctx = useTestApp({ env: SUPPORT_ENV });
const kit = messagesTestKit(ctx);
const { startThread, write, getThread, inbox, action, careTeam, supportHeaders } = kit;

const notFound = { code: 'THREAD_NOT_FOUND', message: ERRORS.THREAD_NOT_FOUND.message };

const auditOf = async (actorId: string) =>
  (
    await ctx.database.pool.query<{
      subject_kind: string | null;
      patient_id: string | null;
      action: string;
      outcome: string;
    }>(
      'select subject_kind, patient_id, action, outcome from audit_events where actor_id = $1 order by id',
      [actorId],
    )
  ).rows;

describe('POST /api/messages/threads', () => {
  it('lets a linked patient write to their practitioner, who reads it with an unread count', async () => {
    const { doctor, patient, patientId } = await careTeam();
    const created = await startThread(patient.headers, {
      patientId,
      subject: 'Side effects',
      body: 'The new tablets make me dizzy.\nShould I stop?',
    });
    expect(created.thread).toMatchObject({
      kind: 'clinical',
      patientId,
      subject: 'Side effects',
      unreadCount: 0,
      closedAt: null,
    });
    expect(created.messages).toEqual([
      expect.objectContaining({
        body: 'The new tablets make me dizzy.\nShould I stop?',
        authorRole: 'patient',
        isMine: true,
      }),
    ]);

    const [seen] = await inbox(doctor.headers);
    expect(seen).toMatchObject({ _id: created.thread._id, unreadCount: 1, patientId });
    const response = await getThread(doctor.headers, created.thread._id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-total-count']).toBe('1');
    expect(response.json().messages[0]).toMatchObject({ authorRole: 'patient', isMine: false });
  });

  it('lets the practitioner start a thread that every linked person sees', async () => {
    const { doctor, patient, patientId } = await careTeam();
    const created = await startThread(doctor.headers, {
      patientId,
      subject: 'Your results',
      body: 'All normal.',
    });
    const [seen] = await inbox(patient.headers);
    expect(seen).toMatchObject({ _id: created.thread._id, unreadCount: 1 });
    const answer = await write(patient.headers, created.thread._id, 'Thank you!');
    expect(answer.authorRole).toBe('patient');
  });

  it('answers 404 PATIENT_NOT_FOUND for a patient neither mine nor linked to me, changing nothing', async () => {
    const { patientId } = await careTeam();
    const stranger = await signIn(ctx);
    const before = await ctx.database.pool.query('select count(*) from message_threads');
    const response = await kit.postThread(stranger.headers, {
      patientId,
      subject: 'Hello',
      body: 'Hi',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'PATIENT_NOT_FOUND' });
    const after = await ctx.database.pool.query('select count(*) from message_threads');
    expect(after.rows[0].count).toBe(before.rows[0].count);
  });

  it('refuses a body without exactly one of patientId and support, and a message over 5,000 characters', async () => {
    const user = await signIn(ctx);
    const neither = await kit.postThread(user.headers, { subject: 'Hi', body: 'Hi' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().fieldErrors).toEqual({ patientId: MESSAGE_TEXTS.recipientRequired });
    const long = await kit.postThread(user.headers, {
      support: true,
      subject: 'Hi',
      body: 'x'.repeat(5001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual({ body: MESSAGE_TEXTS.bodyTooLong });
    expect((await auditOf(user.user._id)).map((row) => row.outcome)).toEqual([
      'invalid',
      'invalid',
    ]);
  });
});

describe('participants only', () => {
  it('answers 404 to a foreign user and to someone whose link has ended, on every route', async () => {
    const { doctor, patient, patientId } = await careTeam();
    const { thread } = await startThread(doctor.headers, {
      patientId,
      subject: 'Follow-up',
      body: 'How are you?',
    });
    const stranger = await signIn(ctx);
    const check = async (headers: Record<string, string>) => {
      for (const response of [
        await getThread(headers, thread._id),
        await kit.postMessage(headers, thread._id, 'Let me in'),
        await action(headers, thread._id, 'read'),
        await action(headers, thread._id, 'close'),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toEqual(notFound);
      }
      expect(await inbox(headers)).toEqual([]);
    };
    await check(stranger.headers);
    await ctx.database.db
      .update(patientLinks)
      .set({ endedAt: new Date() })
      .where(
        and(
          eq(patientLinks.userId, patient.user._id),
          eq(patientLinks.patientId, patientId),
          isNull(patientLinks.endedAt),
        ),
      );
    await check(patient.headers);
    expect((await auditOf(stranger.user._id)).filter((row) => row.outcome === 'denied')).toEqual(
      Array(4).fill(expect.objectContaining({ subject_kind: 'thread', patient_id: null })),
    );
  });

  it('hides a thread while its patient is in the trash', async () => {
    const { doctor, patientId } = await careTeam();
    const { thread } = await startThread(doctor.headers, {
      patientId,
      subject: 'Trash',
      body: 'Before',
    });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/records/patients/${patientId}`,
      headers: doctor.headers,
    });
    expect((await getThread(doctor.headers, thread._id)).statusCode).toBe(404);
  });

  it('audits every read and change with the thread and its patient', async () => {
    const { doctor, patient, patientId } = await careTeam();
    const { thread } = await startThread(patient.headers, {
      patientId,
      subject: 'Audit',
      body: 'One',
    });
    await inbox(doctor.headers);
    await getThread(doctor.headers, thread._id);
    await write(doctor.headers, thread._id, 'Two');
    await action(doctor.headers, thread._id, 'read');
    await action(doctor.headers, thread._id, 'close');
    // After the patient's own creation:
    expect((await auditOf(doctor.user._id)).slice(1)).toEqual([
      { subject_kind: null, patient_id: null, action: 'list', outcome: 'success' },
      { subject_kind: 'thread', patient_id: patientId, action: 'read', outcome: 'success' },
      { subject_kind: 'message', patient_id: patientId, action: 'create', outcome: 'success' },
      { subject_kind: 'thread', patient_id: patientId, action: 'mark_read', outcome: 'success' },
      { subject_kind: 'thread', patient_id: patientId, action: 'close', outcome: 'success' },
    ]);
    expect(await auditOf(patient.user._id)).toEqual([
      { subject_kind: 'thread', patient_id: patientId, action: 'create', outcome: 'success' },
      { subject_kind: 'message', patient_id: patientId, action: 'create', outcome: 'success' },
    ]);
  });
});

describe('closing', () => {
  it('lets only the practitioner close; a closed thread refuses messages with 409 THREAD_CLOSED', async () => {
    const { doctor, patient, patientId } = await careTeam();
    const { thread } = await startThread(patient.headers, {
      patientId,
      subject: 'Close me',
      body: 'Done?',
    });
    const byPatient = await action(patient.headers, thread._id, 'close');
    expect(byPatient.statusCode).toBe(403);
    const closed = await action(doctor.headers, thread._id, 'close');
    expect(closed.statusCode).toBe(200);
    expect(closed.json().closedAt).toEqual(expect.any(String));
    const refused = await kit.postMessage(patient.headers, thread._id, 'One more thing');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'THREAD_CLOSED',
      message: ERRORS.THREAD_CLOSED.message,
    });
    expect((await action(doctor.headers, thread._id, 'close')).statusCode).toBe(409);
    const count = await ctx.database.pool.query(
      'select count(*)::int as n from messages where thread_id = $1',
      [thread._id],
    );
    expect(count.rows[0].n).toBe(1);
  });
});

describe('unread counts and paging', () => {
  it('counts messages by others since the reader marked the thread read', async () => {
    const { doctor, patient, patientId } = await careTeam();
    const { thread } = await startThread(patient.headers, {
      patientId,
      subject: 'Counts',
      body: 'One',
    });
    await write(patient.headers, thread._id, 'Two');
    expect((await inbox(doctor.headers))[0]!.unreadCount).toBe(2);
    const read = await action(doctor.headers, thread._id, 'read');
    expect(read.json().unreadCount).toBe(0);
    await write(doctor.headers, thread._id, 'Answer');
    expect((await inbox(doctor.headers))[0]!.unreadCount).toBe(0);
    expect((await inbox(patient.headers))[0]!.unreadCount).toBe(1);
  });

  it('pages the inbox by newest activity and a thread’s messages newest first', async () => {
    const { doctor, patientId } = await careTeam();
    const ids: string[] = [];
    for (const subject of ['A', 'B', 'C'])
      ids.push(
        (await startThread(doctor.headers, { patientId, subject, body: subject })).thread._id,
      );
    await write(doctor.headers, ids[0]!, 'A again');
    const first = await kit.listThreads(doctor.headers, '?limit=2');
    expect(first.headers['x-total-count']).toBe('3');
    expect((first.json() as TThread[]).map((t) => t.subject)).toEqual(['A', 'C']);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
    const second = await ctx.app.inject({ method: 'GET', url: next, headers: doctor.headers });
    expect((second.json() as TThread[]).map((t) => t.subject)).toEqual(['B']);
    expect(second.headers.link).toBeUndefined();

    const page = await getThread(doctor.headers, ids[0]!, '?limit=1');
    expect(page.json().messages.map((m: { body: string }) => m.body)).toEqual(['A again']);
    const older = /<([^>]+)>; rel="next"/.exec(String(page.headers.link))![1]!;
    const rest = await ctx.app.inject({ method: 'GET', url: older, headers: doctor.headers });
    expect(rest.json().messages.map((m: { body: string }) => m.body)).toEqual(['A']);
    const bad = await kit.listThreads(doctor.headers, '?cursor=nope');
    expect(bad.json()).toMatchObject({ code: 'INVALID_CURSOR' });
  });
});

describe('the Support desk', () => {
  it('lets anyone write to Support; staff see every support thread, members first, and answer', async () => {
    const plain = await signIn(ctx, { name: 'Pat Plain' });
    const member = await signIn(ctx, { name: 'Mia Member' });
    await becomeMember(ctx, member.headers);
    const a = await startThread(plain.headers, {
      support: true,
      subject: 'Cannot sign in',
      body: 'The sign-in window closes at once',
    });
    const b = await startThread(member.headers, {
      support: true,
      subject: 'Refund',
      body: 'Refund of my membership',
    });
    expect(a.thread).toMatchObject({ kind: 'support', isMember: false });

    const staff = await supportHeaders();
    expect(await inbox(staff)).toEqual([]);
    const desk = await inbox(staff, '?box=support');
    expect(desk.map((t) => t._id).slice(0, 2)).toEqual([b.thread._id, a.thread._id]);
    expect(desk[0]).toMatchObject({ isMember: true, requesterName: 'Mia Member', unreadCount: 1 });

    const answer = await write(staff, a.thread._id, 'Try again now.');
    expect(answer).toMatchObject({ authorRole: 'support', authorName: null });
    const seen = await getThread(plain.headers, a.thread._id);
    expect(seen.json().messages[0]).toMatchObject({ authorRole: 'support', isMine: false });
    expect((await inbox(plain.headers))[0]).toMatchObject({ unreadCount: 1, isMember: false });
    expect((await action(staff, a.thread._id, 'close')).statusCode).toBe(200);
  });

  it('never shows Support staff a clinical thread or a patient', async () => {
    const { patient, patientId } = await careTeam();
    const clinical = await startThread(patient.headers, {
      patientId,
      subject: 'Private',
      body: 'Clinical question',
    });
    await startThread(patient.headers, { support: true, subject: 'App', body: 'Question' });
    const staff = await supportHeaders();
    expect((await getThread(staff, clinical.thread._id)).statusCode).toBe(404);
    const desk = await inbox(staff, '?box=support&limit=200');
    expect(desk.every((thread) => thread.kind === 'support')).toBe(true);
    const text = JSON.stringify(desk);
    expect(text).not.toContain(patientId);
    expect(text).not.toContain('patientId');
    expect(text).not.toContain('Private');
  });

  it('answers box=support with 404 to anyone not Support staff', async () => {
    const user = await signIn(ctx);
    const response = await kit.listThreads(user.headers, '?box=support');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('lets the writer, not Support, see their own thread as a requester', async () => {
    const user = await signIn(ctx);
    const other = await signIn(ctx);
    const { thread } = await startThread(user.headers, {
      support: true,
      subject: 'Mine',
      body: 'Only mine',
    });
    expect((await getThread(other.headers, thread._id)).statusCode).toBe(404);
    expect((await action(user.headers, thread._id, 'close')).statusCode).toBe(403);
  });
});

describe('GET /api/messages/threads?patientId=', () => {
  it('lists only the clinical threads about that patient, for each side, newest first', async () => {
    const { doctor, patient, patientId } = await careTeam();
    const other = await careTeam();
    const first = await startThread(patient.headers, { patientId, subject: 'One', body: 'A' });
    const second = await startThread(doctor.headers, { patientId, subject: 'Two', body: 'B' });
    await startThread(patient.headers, { support: true, subject: 'App', body: 'C' });
    await startThread(other.patient.headers, {
      patientId: other.patientId,
      subject: 'Elsewhere',
      body: 'D',
    });
    for (const headers of [doctor.headers, patient.headers]) {
      const threads = await inbox(headers, `?patientId=${patientId.toUpperCase()}`);
      expect(threads.map((thread) => thread._id)).toEqual([second.thread._id, first.thread._id]);
    }
    const response = await kit.listThreads(doctor.headers, `?patientId=${patientId}&limit=1`);
    expect(response.headers['x-total-count']).toBe('2');
  });

  it('answers an empty list for someone else’s patient, and 400 for a patientId that is no id', async () => {
    const { patientId } = await careTeam();
    const stranger = await signIn(ctx);
    expect(await inbox(stranger.headers, `?patientId=${patientId}`)).toEqual([]);
    const response = await kit.listThreads(stranger.headers, '?patientId=nope');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fieldErrors: { patientId: 'patientId must be a patient id' },
    });
  });
});

describe('the practice phone of a clinical thread', () => {
  it('is the practitioner’s practice phone, or null when they have none', async () => {
    const { doctor, patient, patientId } = await careTeam();
    const { thread } = await startThread(patient.headers, {
      patientId,
      subject: 'Call me',
      body: 'When can I call?',
    });
    expect(thread).toMatchObject({ kind: 'clinical', practicePhone: null });
    await ctx.database.pool.query('update users set practice_phone = $1 where id = $2', [
      '+33142000000',
      doctor.user._id,
    ]);
    const [listed] = await inbox(patient.headers, `?patientId=${patientId}`);
    expect(listed).toMatchObject({ practicePhone: '+33142000000' });
  });
});
