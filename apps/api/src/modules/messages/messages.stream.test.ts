import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connectDatabase, type Database } from '../../db/client.ts';
import { patientLinks } from '../../db/schema/patient-links.ts';
import { createTestApp, signIn, type TestContext } from '../../../test/app.ts';
import { pdfFile } from './attachments/attachments.factories.ts';
import {
  openStream as openEventStream,
  settle,
  type StreamEvent,
} from '../../../test/event-stream.ts';
import { messagesTestKit, SUPPORT_ENV } from './messages.factories.ts';

/**
 * The live stream over real HTTP, as the browser reads it with `fetch`: two instances on one
 * database (A is ctx.app, B below), so an event crosses from one to the other by NOTIFY.
 */
let ctx: TestContext;
let databaseB: Database;
let appB: FastifyInstance;
let urlA: string;
let urlB: string;
let kit: ReturnType<typeof messagesTestKit>;

beforeAll(async () => {
  ctx = await createTestApp({ env: SUPPORT_ENV });
  kit = messagesTestKit(ctx);
  databaseB = connectDatabase(ctx.database.url, { max: 3 });
  appB = await buildApp({ config: ctx.config, database: databaseB, identity: ctx.local });
  urlA = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await appB.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await appB.close();
  await databaseB.close();
  await ctx.close();
});

/** The messages stream read as the web app reads it (`Last-Event-ID` to catch up). */
const openStream = (base: string, headers: Record<string, string>, lastEventId?: string) =>
  openEventStream(`${base}/api/messages/stream`, {
    ...headers,
    ...(lastEventId && { 'last-event-id': lastEventId }),
  });

const messageBodies = (events: StreamEvent[]) =>
  events
    .filter((event) => event.event === 'message')
    .map((event) => (event.data as { message: { body: string } }).message.body);

/** The `message` events once per id, in id order, as the web app keeps them. */
const distinctMessages = (events: StreamEvent[]) =>
  [
    ...new Map(
      events.filter((event) => event.event === 'message').map((event) => [event.id, event]),
    ).values(),
  ].sort((a, b) => Number(a.id) - Number(b.id));

describe('GET /api/messages/stream', () => {
  it('refuses a client that does not ask for an event stream, and a token in the address', async () => {
    const user = await signIn(ctx);
    const plain = await ctx.app.inject({ url: '/api/messages/stream', headers: user.headers });
    expect(plain.statusCode).toBe(406);
    expect(plain.json()).toMatchObject({ code: 'NOT_ACCEPTABLE' });
    const inUrl = await ctx.app.inject({
      url: `/api/messages/stream?token=${user.token}`,
      headers: { accept: 'text/event-stream' },
    });
    expect(inUrl.statusCode).toBe(401);
  });

  it('delivers a message to the other participant on the same instance, never to a stranger', async () => {
    const { doctor, patient, patientId } = await kit.careTeam();
    const stranger = await signIn(ctx);
    const patientStream = await openStream(urlA, patient.headers);
    const strangerStream = await openStream(urlA, stranger.headers);
    expect(patientStream.response.headers.get('content-type')).toBe(
      'text/event-stream; charset=utf-8',
    );
    expect(patientStream.response.headers.get('cache-control')).toBe('no-store');
    await settle();
    const { thread } = await kit.startThread(doctor.headers, {
      patientId,
      subject: 'Live',
      body: 'Are you there?',
    });
    const [event] = await patientStream.waitFor(1);
    expect(event).toMatchObject({
      event: 'message',
      id: expect.stringMatching(/^\d+$/),
      data: {
        unreadCount: 1,
        message: {
          threadId: thread._id,
          body: 'Are you there?',
          authorRole: 'practitioner',
          attachments: [],
        },
      },
    });
    await kit.action(patient.headers, thread._id, 'read');
    await patientStream.waitFor(2);
    expect(patientStream.events[1]).toEqual({
      event: 'read',
      data: { threadId: thread._id, isMine: true },
    });
    expect(strangerStream.events).toEqual([]);
    patientStream.close();
    strangerStream.close();
  });

  it('carries a message’s attachments, live and in the catch-up after a reconnect', async () => {
    const { doctor, patient, patientId } = await kit.careTeam();
    const { thread } = await kit.startThread(patient.headers, {
      patientId,
      subject: 'Files',
      body: 'Results follow',
    });
    const doctorOnA = await openStream(urlA, doctor.headers);
    await settle();
    const uploaded = kit.json<{ _id: string }>(
      await kit.upload(patient.headers, thread._id, { bytes: pdfFile(), name: 'lab.pdf' }),
      201,
    );
    const sent = await appB.inject({
      method: 'POST',
      url: `/api/messages/threads/${thread._id}/messages`,
      headers: patient.headers,
      payload: { body: '', attachmentIds: [uploaded._id] },
    });
    expect(sent.statusCode).toBe(201);
    const attachments = [
      { _id: uploaded._id, name: 'lab.pdf', type: 'application/pdf', size: pdfFile().length },
    ];
    const [live] = await doctorOnA.waitFor(1);
    expect(live).toMatchObject({ event: 'message', data: { message: { attachments } } });
    doctorOnA.close();

    const again = await openStream(urlB, doctor.headers, String(Number(live!.id) - 1));
    const [replayed] = await again.waitFor(1);
    expect(replayed).toMatchObject({ id: live!.id, data: { message: { attachments } } });
    again.close();
  });

  it('crosses instances: a message written through B reaches a reader connected to A', async () => {
    const { doctor, patient, patientId } = await kit.careTeam();
    const doctorOnA = await openStream(urlA, doctor.headers);
    await settle();
    const created = await appB.inject({
      method: 'POST',
      url: '/api/messages/threads',
      headers: patient.headers,
      payload: { patientId, subject: 'Across', body: 'Sent through B' },
    });
    expect(created.statusCode).toBe(201);
    expect(messageBodies(await doctorOnA.waitFor(1))).toEqual(['Sent through B']);
    doctorOnA.close();
  });

  it('catches up after a reconnect: two messages sent while away arrive with Last-Event-ID', async () => {
    const { doctor, patient, patientId } = await kit.careTeam();
    const first = await openStream(urlA, patient.headers);
    await settle();
    const { thread } = await kit.startThread(doctor.headers, {
      patientId,
      subject: 'Reconnect',
      body: 'One',
    });
    const [seen] = await first.waitFor(1);
    first.close();
    await kit.write(doctor.headers, thread._id, 'Two');
    await kit.write(doctor.headers, thread._id, 'Three');
    const again = await openStream(urlB, patient.headers, seen!.id);
    const received = distinctMessages(
      await again.waitUntil((events) => distinctMessages(events).length >= 2),
    );
    expect(messageBodies(received)).toEqual(['Two', 'Three']);
    const ids = received.map((event) => Number(event.id));
    expect(ids[0]).toBeGreaterThan(Number(seen!.id));
    expect(ids[1]).toBeGreaterThan(ids[0]!);
    again.close();
  });

  it('stops delivering to someone whose link has ended, and catches them up on nothing', async () => {
    const { doctor, patient, patientId } = await kit.careTeam();
    const stream = await openStream(urlA, patient.headers);
    const doctorLive = await openStream(urlA, doctor.headers);
    await settle();
    const { thread } = await kit.startThread(doctor.headers, {
      patientId,
      subject: 'Ended',
      body: 'Before',
    });
    expect(messageBodies(await stream.waitFor(1))).toEqual(['Before']);
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
    await kit.write(doctor.headers, thread._id, 'After the link ended');
    // The delivery that brings it to the practitioner has already passed the patient by.
    const delivered = await doctorLive.waitUntil((events) => messageBodies(events).length >= 2);
    expect(messageBodies(delivered)).toEqual(['Before', 'After the link ended']);
    expect(messageBodies(stream.events)).toEqual(['Before']);
    const replay = await openStream(urlA, patient.headers, '0');
    await settle();
    expect(replay.events).toEqual([]);
    stream.close();
    doctorLive.close();
    replay.close();
  });

  it('never streams a clinical message to Support staff, and streams support threads to them', async () => {
    const { doctor, patientId } = await kit.careTeam();
    const staff = await kit.supportHeaders();
    const desk = await openStream(urlA, staff);
    await settle();
    await kit.startThread(doctor.headers, { patientId, subject: 'Clinical', body: 'Private' });
    const user = await signIn(ctx);
    await kit.startThread(user.headers, { support: true, subject: 'Help', body: 'For support' });
    expect(messageBodies(await desk.waitFor(1))).toEqual(['For support']);
    desk.close();
  });
});

describe('the end of a stream', () => {
  let short: TestContext;
  beforeAll(async () => {
    // A clock 300 ms before the tokens this app issues expire (they last an hour).
    short = await createTestApp({ deps: { now: () => new Date(Date.now() + 3_600_000 - 300) } });
  });
  afterAll(() => short.close());

  it('ends with an expired event when the token expires', async () => {
    const user = await signIn(short);
    const url = await short.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(url, user.headers);
    const events = await stream.waitFor(1);
    expect(events).toEqual([{ event: 'expired', data: {} }]);
    await stream.waitFor(2);
    expect(stream.isEnded()).toBe(true);
  });
});
