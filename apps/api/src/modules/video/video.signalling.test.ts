import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connectDatabase, type Database } from '../../db/client.ts';
import { createTestApp, signIn, type AuthHeaders, type TestContext } from '../../../test/app.ts';
import { openStream, settle, type StreamEvent } from '../../../test/event-stream.ts';
import { testClock, videoTestKit } from './video.factories.ts';

/**
 * The signalling of a call over real HTTP, as the browser reads it with `fetch`: two instances
 * on one database (A is ctx.app; B, below, forces relayed media), so a signal crosses from one
 * to the other by NOTIFY and its row.
 */
const TURN = { TURN_URLS: 'turn:127.0.0.1:3478', TURN_SECRET: 'a-test-turn-secret-of-some-length' };
const clock = testClock();
let ctx: TestContext;
let databaseB: Database;
let appB: FastifyInstance;
let urlA: string;
let urlB: string;
let kit: ReturnType<typeof videoTestKit>;

beforeAll(async () => {
  ctx = await createTestApp({ env: TURN, deps: { now: clock.now } });
  kit = videoTestKit(ctx, clock);
  databaseB = connectDatabase(ctx.database.url, { max: 3 });
  appB = await buildApp({
    config: { ...ctx.config, VIDEO_RELAY_ONLY: true },
    database: databaseB,
    identity: ctx.local,
    now: clock.now,
    isRunningJobs: false,
  });
  urlA = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await appB.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await appB.close();
  await databaseB.close();
  await ctx.close();
});

const events = (base: string, appointmentId: string, headers: AuthHeaders) =>
  openStream(`${base}/api/appointments/${appointmentId}/video/events`, headers);

const named = (list: StreamEvent[], name: string) =>
  list.filter((event) => event.event === name).map((event) => event.data);

/** A `peer` event: `session` is the id of the other side's stream. */
const peer = (state: 'joined' | 'left', role: 'practitioner' | 'patient') => ({
  state,
  role,
  session: expect.stringMatching(/^[0-9a-f-]{36}$/),
});
const sessionOf = (event: unknown) => (event as { session: string }).session;

const OFFER = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 192.0.2.10\r\n' };
const CANDIDATE = {
  candidate: 'candidate:1 1 udp 2122260223 192.0.2.10 54321 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
};

describe('video signalling', () => {
  it('passes offer, answer and candidates between the two sides, and nothing to a third person', async () => {
    const { doctor, patient, appointment } = await kit.visit();
    const stranger = await signIn(ctx);
    const doctorStream = await events(urlA, appointment._id, doctor.headers);
    expect(doctorStream.response.status).toBe(200);
    expect(doctorStream.response.headers.get('content-type')).toBe(
      'text/event-stream; charset=utf-8',
    );
    expect(doctorStream.response.headers.get('cache-control')).toBe('no-store');
    await settle();
    const patientStream = await events(urlA, appointment._id, patient.headers);
    // The newcomer hears at once that the other side is there; the other side, that it came.
    expect(named(await patientStream.waitFor(1), 'peer')).toEqual([peer('joined', 'practitioner')]);
    expect(named(await doctorStream.waitFor(1), 'peer')).toEqual([peer('joined', 'patient')]);

    const strangerStream = await events(urlA, appointment._id, stranger.headers);
    expect(strangerStream.response.status).toBe(404);
    strangerStream.close();
    const strangerAnswer = await ctx.app.inject({
      url: `/api/appointments/${appointment._id}/video/events`,
      headers: { ...stranger.headers, accept: 'text/event-stream' },
    });
    expect(strangerAnswer.json()).toMatchObject({ code: 'APPOINTMENT_NOT_FOUND' });
    const strangerSignal = await kit.signal(stranger.headers, appointment._id, {
      type: 'offer',
      payload: OFFER,
    });
    expect(strangerSignal.statusCode).toBe(404);

    expect(
      (await kit.signal(doctor.headers, appointment._id, { type: 'offer', payload: OFFER }))
        .statusCode,
    ).toBe(204);
    expect(named(await patientStream.waitFor(2), 'signal')).toEqual([
      { from: 'practitioner', type: 'offer', payload: OFFER },
    ]);
    const answer = { type: 'answer', sdp: 'v=0\r\n' };
    await kit.signal(patient.headers, appointment._id, { type: 'answer', payload: answer });
    for (let i = 0; i < 3; i++)
      await kit.signal(patient.headers, appointment._id, { type: 'candidate', payload: CANDIDATE });
    await kit.signal(patient.headers, appointment._id, {
      type: 'media',
      payload: { audio: false, video: true },
    });
    expect(named(await doctorStream.waitFor(6), 'signal')).toEqual([
      { from: 'patient', type: 'answer', payload: answer },
      { from: 'patient', type: 'candidate', payload: CANDIDATE },
      { from: 'patient', type: 'candidate', payload: CANDIDATE },
      { from: 'patient', type: 'candidate', payload: CANDIDATE },
      { from: 'patient', type: 'media', payload: { audio: false, video: true } },
    ]);
    await settle(100);
    // Nothing else reached either side: no echo of their own signals, nothing of the stranger.
    expect(doctorStream.events).toHaveLength(6);
    expect(patientStream.events).toHaveLength(2);
    // Audited: who entered and what kind of step, never the content.
    expect((await kit.auditRows(stranger.user._id)).map((row) => row.outcome)).toEqual([
      'denied',
      'denied',
      'denied',
    ]);
    const audit = JSON.stringify(
      (await ctx.database.pool.query('select * from audit_events')).rows,
    );
    expect(audit).not.toContain('192.0.2.10');
    doctorStream.close();
    const [doctorJoined, doctorLeft] = named(await patientStream.waitFor(3), 'peer');
    expect(doctorLeft).toEqual(peer('left', 'practitioner'));
    // The stream that left is the one that was there.
    expect(sessionOf(doctorLeft)).toBe(sessionOf(doctorJoined));
    patientStream.close();
    await settle(100);
    expect((await kit.auditRows(doctor.user._id)).map((row) => row.action)).toEqual([
      'enter_call',
      'signal',
      'leave_call',
    ]);
  });

  it('refuses a malformed or too large signal with a clear 400, and passes nothing on', async () => {
    const { doctor, patient, appointment } = await kit.visit();
    const patientStream = await events(urlA, appointment._id, patient.headers);
    await settle();
    const bad = [
      { type: 'media', payload: { audio: 'yes', video: true } },
      { type: 'media' },
      { type: 'shout', payload: {} },
      { type: 'offer', payload: { sdp: 'x'.repeat(17 * 1024) } },
    ];
    const answers = await Promise.all(
      bad.map((body) => kit.signal(doctor.headers, appointment._id, body)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400]);
    expect(answers[0]!.json().fieldErrors).toEqual({
      payload: 'A media signal says { audio: true or false, video: true or false }.',
    });
    expect(answers[3]!.json().fieldErrors).toEqual({
      payload: "A signal's payload must be at most 16 KB of JSON.",
    });
    const huge = await kit.signal(doctor.headers, appointment._id, {
      type: 'offer',
      payload: 'x'.repeat(70 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    await settle(100);
    expect(named(patientStream.events, 'signal')).toEqual([]);
    const { rows } = await ctx.database.pool.query(
      'select count(*)::int as n from video_signals where appointment_id = $1',
      [appointment._id],
    );
    expect(rows[0].n).toBe(0);
    patientStream.close();
  });

  it('ends the call for both sides on leave, and forgets its signals', async () => {
    const { doctor, patient, appointment } = await kit.visit();
    const doctorStream = await events(urlA, appointment._id, doctor.headers);
    await settle();
    const patientStream = await events(urlA, appointment._id, patient.headers);
    await patientStream.waitFor(1);
    await kit.signal(doctor.headers, appointment._id, { type: 'offer', payload: OFFER });
    await patientStream.waitFor(2);
    expect((await kit.signal(patient.headers, appointment._id, { type: 'leave' })).statusCode).toBe(
      204,
    );
    expect(await doctorStream.waitForEnd()).toBe(true);
    expect(await patientStream.waitForEnd()).toBe(true);
    expect(named(doctorStream.events, 'ended')).toEqual([{ by: 'patient' }]);
    expect(named(doctorStream.events, 'peer')).not.toContainEqual(peer('left', 'patient'));
    expect(named(patientStream.events, 'ended')).toEqual([]);
    const { rows } = await ctx.database.pool.query(
      'select count(*)::int as n from video_signals where appointment_id = $1',
      [appointment._id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('replaces a person’s earlier stream by a new one (a reload): the other side hears a new session join, and no leaving', async () => {
    const { doctor, patient, appointment } = await kit.visit();
    const doctorStream = await events(urlA, appointment._id, doctor.headers);
    await settle();
    const first = await events(urlA, appointment._id, patient.headers);
    await first.waitFor(1);
    const second = await events(urlB, appointment._id, patient.headers);
    await first.waitFor(2);
    expect(first.events.map((event) => event.event)).toEqual(['peer', 'replaced']);
    expect(await first.waitForEnd()).toBe(true);
    expect(named(await second.waitFor(1), 'peer')).toEqual([peer('joined', 'practitioner')]);
    // The practitioner's session as each of the patient's streams heard it: the same stream.
    expect(sessionOf(named(second.events, 'peer')[0])).toBe(
      sessionOf(named(first.events, 'peer')[0]),
    );
    await settle(100);
    const heard = named(doctorStream.events, 'peer');
    expect(heard).toEqual([peer('joined', 'patient'), peer('joined', 'patient')]);
    // The reload is a new session, which is how the practitioner's page knows to start again.
    expect(sessionOf(heard[1])).not.toBe(sessionOf(heard[0]));
    doctorStream.close();
    second.close();
  });

  it('crosses instances: a signal posted on one reaches a stream open on the other, by its id', async () => {
    const { doctor, patient, appointment } = await kit.visit();
    const joined = await appB.inject({
      method: 'POST',
      url: `/api/appointments/${appointment._id}/video`,
      headers: patient.headers,
    });
    expect(joined.json()).toMatchObject({ iceTransportPolicy: 'relay', role: 'patient' });
    const patientStream = await events(urlB, appointment._id, patient.headers);
    await settle(100);
    const doctorStream = await events(urlA, appointment._id, doctor.headers);
    expect(named(await doctorStream.waitFor(1), 'peer')).toEqual([peer('joined', 'patient')]);
    expect(named(await patientStream.waitFor(1), 'peer')).toEqual([peer('joined', 'practitioner')]);
    await kit.signal(doctor.headers, appointment._id, { type: 'candidate', payload: CANDIDATE });
    expect(named(await patientStream.waitFor(2), 'signal')).toEqual([
      { from: 'practitioner', type: 'candidate', payload: CANDIDATE },
    ]);
    await appB.inject({
      method: 'POST',
      url: `/api/appointments/${appointment._id}/video/signal`,
      headers: patient.headers,
      payload: { type: 'leave' },
    });
    expect(await doctorStream.waitForEnd()).toBe(true);
    expect(named(doctorStream.events, 'ended')).toEqual([{ by: 'patient' }]);
    patientStream.close();
  });

  it('sends expired at the end of the window and ends the stream', async () => {
    // A 10-minute visit that ended 29 minutes 59 seconds ago: its window closes in a second.
    const { patient, appointment } = await kit.visit({ startsInMinutes: -40, duration: 10 });
    clock.set(new Date(new Date(appointment.end).getTime() + 30 * 60_000 - 1_000));
    try {
      const stream = await events(urlA, appointment._id, patient.headers);
      expect(stream.response.status).toBe(200);
      expect(await stream.waitForEnd()).toBe(true);
      expect(stream.events.map((event) => event.event)).toEqual(['expired']);
    } finally {
      clock.set(new Date());
    }
  });

  it('answers 406 to a client that does not ask for an event stream', async () => {
    const { patient, appointment } = await kit.visit();
    const plain = await ctx.app.inject({
      url: `/api/appointments/${appointment._id}/video/events`,
      headers: patient.headers,
    });
    expect(plain.statusCode).toBe(406);
    expect(plain.json()).toMatchObject({ code: 'NOT_ACCEPTABLE' });
  });
});
