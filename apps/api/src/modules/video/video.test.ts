import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/shared/errors';
import { createTestApp, signIn, type TestContext } from '../../../test/app.ts';
import { loadConfig } from '../../config.ts';
import { testClock, videoTestKit } from './video.factories.ts';

/** Joining a video visit: who, when, and what the browser is handed. */
const MINUTE_MS = 60_000;
const TURN_SECRET = 'a-test-turn-secret-of-some-length';
const clock = testClock();
let ctx: TestContext;
let kit: ReturnType<typeof videoTestKit>;

beforeAll(async () => {
  ctx = await createTestApp({
    env: {
      STUN_URLS: 'stun:stun.example.test:3478',
      TURN_URLS: 'turn:turn.example.test:3478?transport=udp,turns:turn.example.test:5349',
      TURN_SECRET,
    },
    deps: { now: clock.now },
  });
  kit = videoTestKit(ctx, clock);
});
afterAll(() => ctx.close());

const at = (base: Date, minutes: number, ms = 0) =>
  new Date(base.getTime() + minutes * MINUTE_MS + ms);

describe('POST /api/appointments/{id}/video', () => {
  it('answers the practitioner and the linked patient the same room, each their side and the other’s name', async () => {
    const { doctor, patient, appointment } = await kit.visit({ startsInMinutes: 5 });
    const forDoctor = await kit.join(doctor.headers, appointment._id);
    const forPatient = await kit.join(patient.headers, appointment._id);
    const expiresAt = at(new Date(appointment.end), 30).toISOString();
    expect(forDoctor).toMatchObject({
      room: appointment._id,
      iceTransportPolicy: 'all',
      expiresAt,
      role: 'practitioner',
      peerName: doctor.patient.name,
    });
    expect(forPatient).toMatchObject({
      room: appointment._id,
      expiresAt,
      role: 'patient',
      peerName: doctor.user.name,
    });
    const response = await kit.post(patient.headers, appointment._id);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await kit.auditRows(patient.user._id)).toEqual([
      {
        action: 'join',
        outcome: 'success',
        subject_id: appointment._id,
        patient_id: doctor.patient._id,
      },
      {
        action: 'join',
        outcome: 'success',
        subject_id: appointment._id,
        patient_id: doctor.patient._id,
      },
    ]);
  });

  it('hands out STUN without credentials and TURN credentials by the TURN REST convention, expiring with the window', async () => {
    const { doctor, patient, appointment } = await kit.visit();
    const { iceServers, expiresAt } = await kit.join(patient.headers, appointment._id);
    expect(iceServers[0]).toEqual({ urls: ['stun:stun.example.test:3478'] });
    const turn = iceServers[1]!;
    expect(turn.urls).toEqual([
      'turn:turn.example.test:3478?transport=udp',
      'turns:turn.example.test:5349',
    ]);
    const [expiry, who] = turn.username!.split(':');
    expect(Number(expiry)).toBe(Math.floor(new Date(expiresAt).getTime() / 1000));
    // Checked here as coturn checks it: base64(HMAC-SHA1(secret, username)).
    expect(turn.credential).toBe(
      crypto.createHmac('sha1', TURN_SECRET).update(turn.username!).digest('base64'),
    );
    // An opaque id: neither the account's id nor its e-mail, stable per user, not shared.
    expect(who).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(turn.username).not.toContain(patient.user._id);
    expect(turn.username).not.toContain(patient.user.email.split('@')[0]);
    const again = await kit.join(patient.headers, appointment._id);
    expect(again.iceServers[1]!.username).toBe(turn.username);
    const doctors = await kit.join(doctor.headers, appointment._id);
    expect(doctors.iceServers[1]!.username).not.toBe(turn.username);
  });

  it('answers 404 APPOINTMENT_NOT_FOUND to anyone else, for a missing id and for a malformed one, and audits each', async () => {
    const { doctor, appointment } = await kit.visit();
    const stranger = await signIn(ctx);
    const notFound = {
      code: 'APPOINTMENT_NOT_FOUND',
      message: ERRORS.APPOINTMENT_NOT_FOUND.message,
    };
    for (const id of [appointment._id, crypto.randomUUID(), 'not-an-id']) {
      const response = await kit.post(stranger.headers, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect((await kit.auditRows(stranger.user._id)).map((row) => row.outcome)).toEqual([
      'denied',
      'denied',
      'denied',
    ]);
    // A link that has ended: nothing more than a stranger.
    const { patient, appointment: other } = await kit.visit();
    await ctx.database.pool.query('update patient_links set ended_at = now() where user_id = $1', [
      patient.user._id,
    ]);
    expect((await kit.post(patient.headers, other._id)).statusCode).toBe(404);
    expect((await kit.post(doctor.headers, appointment._id)).statusCode).toBe(200);
  });

  it('is open from 10 minutes before the start until 30 minutes after the end, with the clock', async () => {
    const { patient, appointment } = await kit.visit({ startsInMinutes: 60, duration: 20 });
    const start = new Date(appointment.start);
    const end = new Date(appointment.end);
    const statusAt = async (when: Date) => {
      clock.set(when);
      return (await kit.post(patient.headers, appointment._id)).statusCode;
    };
    try {
      expect(await statusAt(at(start, -10, -1))).toBe(409);
      expect(await statusAt(at(start, -10))).toBe(200);
      expect(await statusAt(at(end, 30, -1))).toBe(200);
      expect(await statusAt(at(end, 30))).toBe(409);
      clock.set(at(start, -60));
      const early = await kit.post(patient.headers, appointment._id);
      expect(early.json()).toEqual({
        code: 'VIDEO_NOT_OPEN',
        reason: 'early',
        message: `This video visit opens at ${at(start, -10).toISOString()}, 10 minutes before the appointment.`,
        opensAt: at(start, -10).toISOString(),
        closesAt: at(end, 30).toISOString(),
      });
    } finally {
      clock.set(new Date());
    }
    expect((await kit.auditRows(patient.user._id)).map((row) => row.outcome)).toEqual([
      'conflict',
      'success',
      'success',
      'conflict',
      'conflict',
    ]);
  });

  it('answers 409 VIDEO_NOT_OPEN for an appointment that is not a video one, cancelled or only requested', async () => {
    const inPerson = await kit.visit({ kind: 'in-person' });
    const refused = await kit.post(inPerson.patient.headers, inPerson.appointment._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'VIDEO_NOT_OPEN',
      reason: 'not-video',
      message: 'This appointment is not a video visit.',
    });
    const { doctor, patient, appointment } = await kit.visit();
    await ctx.database.pool.query(`update appointments set status = 'cancelled' where id = $1`, [
      appointment._id,
    ]);
    expect((await kit.post(patient.headers, appointment._id)).json()).toMatchObject({
      code: 'VIDEO_NOT_OPEN',
      reason: 'cancelled',
      message: 'This video visit was cancelled or missed: it can no longer be joined.',
    });
    await ctx.database.pool.query(
      `update appointments set status = 'requested', request_expires_at = now() + interval '1 hour' where id = $1`,
      [appointment._id],
    );
    const requested = await kit.post(doctor.headers, appointment._id);
    expect(requested.statusCode).toBe(409);
    expect(requested.json()).toMatchObject({ reason: 'not-confirmed' });
    await ctx.database.pool.query(`update appointments set status = 'fulfilled' where id = $1`, [
      appointment._id,
    ]);
    expect((await kit.post(doctor.headers, appointment._id)).statusCode).toBe(200);
  });

  it('offers an empty list of ICE servers when none is configured, and relayed media only when told to', () => {
    expect(loadConfig({})).toMatchObject({
      STUN_URLS: [],
      TURN_URLS: [],
      VIDEO_RELAY_ONLY: false,
    });
    expect(() => loadConfig({ VIDEO_RELAY_ONLY: 'true' })).toThrow(
      'Invalid configuration: VIDEO_RELAY_ONLY cannot be true without TURN_URLS and TURN_SECRET (relayed calls need a TURN server): configure TURN or set VIDEO_RELAY_ONLY=false (got "true").',
    );
    expect(() => loadConfig({ TURN_URLS: 'turn:turn.example.test:3478' })).toThrow(
      'Invalid configuration: TURN_SECRET is required when TURN_URLS is set.',
    );
    expect(() => loadConfig({ TURN_URLS: 'http://turn.example.test' })).toThrow(
      /TURN_URLS must be comma-separated turn: or turns: addresses/,
    );
    expect(() => loadConfig({ TURN_SECRET: 'short' })).toThrow(
      'Invalid configuration: TURN_SECRET must be a shared secret of at least 16 characters (the static-auth-secret of coturn).',
    );
  });
});
