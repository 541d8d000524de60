import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connectDatabase } from '../../db/client.ts';
import { createTestApp, signIn } from '../../../test/app.ts';
import { becomeMember } from '../../../test/factories/billing.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import { startVoiceCall, stateOf, useVoiceApp } from '../../../test/factories/voice.ts';
import { retellSender } from '../../../test/fake-retell.ts';
import { voiceCalls } from '../../db/schema/voice.ts';
import { voiceSignatures } from '../../db/schema/voice-signatures.ts';
import { bindVoiceCall } from './voice-calls.repository.ts';
import { VOICE_FUNCTION_CALLS_PER_MINUTE } from './voice-retell.routes.ts';

/**
 * Every forgery of a request "from Retell" is refused and changes nothing: no signature, the
 * wrong key, an old signature, a changed body, an unknown, ended, expired or other agent's call.
 * Also Retell's `call_ended` webhook and the per-call rate limit.
 */

const API_KEY = 'key_voice_retell_3c9a';
const AGENT_ID = 'agent_voice_retell';
const START = new Date('2026-03-02T07:00:00.000Z');

const { ctx, sender, setClock } = useVoiceApp({ apiKey: API_KEY, agentId: AGENT_ID, start: START });

/** A member on a call, and a booking that would change their agenda if it were let through. */
async function memberOnCall() {
  const session = await signIn(ctx, { timeZone: 'Europe/Berlin' });
  await becomeMember(ctx, session.headers);
  const patient = await createPatient(ctx, session.headers, { name: 'Maria Souza' });
  const call = await startVoiceCall(ctx, session.headers, { agentId: AGENT_ID });
  const body = JSON.stringify({
    name: 'book_appointment',
    call,
    args: { patient_id: patient._id, start: '2026-03-02T10:00', confirmed: true },
  });
  return { ...session, call, body };
}

/** Retell's signature format with any key and time: `v=<ms>,d=<HMAC-SHA256(body + ms)>`. */
function signature(body: string, { key = API_KEY, at = Date.now() } = {}) {
  const digest = crypto
    .createHmac('sha256', key)
    .update(body + at)
    .digest('hex');
  return `v=${at},d=${digest}`;
}

const FUNCTIONS = '/api/retellai/functions';

describe('POST /api/retellai/functions refuses forgeries', () => {
  it('accepts the genuine request (the control for the cases below)', async () => {
    const { user, body } = await memberOnCall();
    const response = await sender.send(FUNCTIONS, body, { signature: signature(body) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await stateOf(ctx, user._id)).appointments).toHaveLength(1);
  });

  it('answers 401 to a missing, wrong-key, old or malformed signature and to a changed body', async () => {
    const { user, body } = await memberOnCall();
    const before = await stateOf(ctx, user._id);
    const changed = body.replace('10:00', '11:00');
    const cases: [string, string, string | undefined][] = [
      ['no signature', body, undefined],
      ['wrong key', body, signature(body, { key: 'key_someone_else' })],
      ['six minutes old', body, signature(body, { at: Date.now() - 6 * 60_000 })],
      ['from the future', body, signature(body, { at: Date.now() + 6 * 60_000 })],
      ['two minutes ahead', body, signature(body, { at: Date.now() + 2 * 60_000 })],
      ['malformed', body, 'v=1,d=zz'],
      ['changed body', changed, signature(body)],
    ];
    for (const [label, sent, header] of cases) {
      const response = await sender.send(FUNCTIONS, sent, {
        sign: false,
        ...(header !== undefined && { signature: header }),
      });
      expect(response.statusCode, label).toBe(401);
      expect(response.json(), label).toEqual({
        message: 'The voice request signature is missing, invalid or too old.',
        code: 'VOICE_SIGNATURE_INVALID',
      });
    }
    expect(await stateOf(ctx, user._id)).toEqual(before);
    // Logged with the reason, never with the body.
    const logs = ctx.logs.join('');
    expect(logs).toContain('signature missing');
    expect(logs).toContain('signature invalid, too old or ahead');
    expect(logs).not.toContain('Maria Souza');
    expect(logs).not.toContain('"args"');
  });

  it('answers 403 for an unknown call, an ended call, a call over two hours old, or another agent', async () => {
    const { user, call, body } = await memberOnCall();
    const before = await stateOf(ctx, user._id);
    const withCall = (changes: Record<string, string>) => {
      const parsed = JSON.parse(body) as { call: Record<string, string> };
      return JSON.stringify({ ...parsed, call: { ...parsed.call, ...changes } });
    };
    const refused = async (label: string, sent: string) => {
      const response = await sender.send(FUNCTIONS, sent);
      expect(response.statusCode, label).toBe(403);
      expect(response.json(), label).toMatchObject({ code: 'VOICE_CALL_NOT_BOUND' });
    };

    await refused('unknown call', withCall({ call_id: 'call_never_started' }));
    await refused('other agent', withCall({ agent_id: 'agent_someone_elses' }));
    setClock(new Date(START.getTime() + 2 * 60 * 60 * 1000 + 1000));
    await refused('over two hours', body);
    setClock(START);
    expect((await sender.callEvent('call_ended', call)).statusCode).toBe(200);
    await refused('ended call', body);

    expect(await stateOf(ctx, user._id)).toEqual(before);
  });

  it('a call id that comes back for a second user acts for nobody', async () => {
    const first = await memberOnCall();
    const second = await signIn(ctx);
    await bindVoiceCall(ctx.database.db, {
      callId: first.call.call_id,
      userId: second.user._id,
      agentId: AGENT_ID,
      language: 'en',
      startedAt: START,
    });
    const response = await sender.send(FUNCTIONS, first.body);
    expect(response.statusCode).toBe(403);
    expect((await stateOf(ctx, first.user._id)).appointments).toEqual([]);
  });

  it('answers 400 to a signed body that is not a function call, and 503 when voice is off', async () => {
    const { call } = await memberOnCall();
    for (const body of [
      'not json',
      '{}',
      JSON.stringify({ name: 'drop_tables', call, args: {} }),
    ]) {
      const response = await sender.send(FUNCTIONS, body);
      expect(response.statusCode, body).toBe(400);
    }
    const off = await createTestApp();
    try {
      const response = await retellSender(off.app, { apiKey: API_KEY }).send(FUNCTIONS, '{}');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'VOICE_NOT_CONFIGURED' });
    } finally {
      await off.close();
    }
  });

  it(`allows ${VOICE_FUNCTION_CALLS_PER_MINUTE} function calls per call per minute, then 429`, async () => {
    const first = await memberOnCall();
    const statuses = [];
    for (let i = 0; i < VOICE_FUNCTION_CALLS_PER_MINUTE; i += 1)
      statuses.push((await sender.callFunction(first.call, 'get_agenda', {})).statusCode);
    expect(statuses).toEqual(Array(VOICE_FUNCTION_CALLS_PER_MINUTE).fill(200));
    const limited = await sender.callFunction(first.call, 'get_agenda', {});
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another call is not limited by the first one's budget.
    const second = await memberOnCall();
    expect((await sender.callFunction(second.call, 'get_agenda', {})).statusCode).toBe(200);
  });
});

describe('POST /api/retellai/functions refuses replays', () => {
  const refusal = {
    message: 'The voice request signature is missing, invalid or too old.',
    code: 'VOICE_SIGNATURE_INVALID',
  };

  it('answers 401 to a booking sent again with its signature after it was cancelled', async () => {
    const { user, call, body } = await memberOnCall();
    const header = signature(body);
    expect((await sender.send(FUNCTIONS, body, { signature: header })).statusCode).toBe(200);
    const [booked] = (await stateOf(ctx, user._id)).appointments;
    const cancel = await sender.callFunction(call, 'cancel_appointment', {
      appointment_id: booked!.id,
      confirmed: true,
    });
    expect(cancel.statusCode).toBe(200);
    const before = await stateOf(ctx, user._id);

    const replayed = await sender.send(FUNCTIONS, body, { signature: header });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual(refusal);
    expect(await stateOf(ctx, user._id)).toEqual(before);
    expect(before.appointments.map((row) => row.status)).toEqual(['cancelled']);
    expect(ctx.logs.join('')).toContain('signature already used');
  });

  it('answers 401 to the same signature written in capitals or with a zero-padded time', async () => {
    const { user, body } = await memberOnCall();
    const header = signature(body);
    expect((await sender.send(FUNCTIONS, body, { signature: header })).statusCode).toBe(200);
    const before = await stateOf(ctx, user._id);
    const [, at, digest] = /^v=(\d+),d=([0-9a-f]+)$/.exec(header)!;
    for (const variant of [`v=${at},d=${digest!.toUpperCase()}`, `v=0${at},d=${digest}`]) {
      const response = await sender.send(FUNCTIONS, body, { signature: variant });
      expect(response.statusCode, variant).toBe(401);
    }
    expect(await stateOf(ctx, user._id)).toEqual(before);
  });

  it('answers 401 to a replay sent to another instance on the same database', async () => {
    const { user, body } = await memberOnCall();
    const header = signature(body);
    expect((await sender.send(FUNCTIONS, body, { signature: header })).statusCode).toBe(200);
    const before = await stateOf(ctx, user._id);
    const databaseB = connectDatabase(ctx.database.url, { max: 2 });
    const appB = await buildApp({
      config: ctx.config,
      database: databaseB,
      identity: ctx.local,
      now: () => START,
      isRunningJobs: false,
    });
    try {
      await appB.ready();
      const response = await retellSender(appB, { apiKey: API_KEY }).send(FUNCTIONS, body, {
        signature: header,
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await appB.close();
      await databaseB.close();
    }
    expect(await stateOf(ctx, user._id)).toEqual(before);
  });

  it('deletes signatures past their window when it records a new one', async () => {
    const { db } = ctx.database;
    const past = new Date(Date.now() - 1000);
    await db.insert(voiceSignatures).values({ replayKey: 'expired-signature', expiresAt: past });
    const { call } = await memberOnCall();
    expect((await sender.callFunction(call, 'get_agenda', {})).statusCode).toBe(200);
    const keys = (await db.select().from(voiceSignatures)).map((row) => row.replayKey);
    expect(keys).not.toContain('expired-signature');
    expect(keys.length).toBeGreaterThan(0);
  });
});

describe('POST /api/retellai/webhook', () => {
  const endedAt = async (callId: string) =>
    (await ctx.database.db.select().from(voiceCalls).where(eq(voiceCalls.callId, callId)))[0]
      ?.endedAt;

  it('marks the call ended on call_ended and ignores other events', async () => {
    const { call } = await memberOnCall();
    expect((await sender.callEvent('call_started', call)).json()).toEqual({ received: true });
    expect(await endedAt(call.call_id)).toBeNull();
    expect((await sender.callEvent('call_ended', call)).json()).toEqual({ received: true });
    expect(await endedAt(call.call_id)).toEqual(START);
  });

  it('answers 401 to an unsigned or forged event and leaves the call live', async () => {
    const { call } = await memberOnCall();
    const body = JSON.stringify({ event: 'call_ended', call });
    for (const header of [undefined, signature(body, { key: 'key_forged' })]) {
      const response = await sender.send('/api/retellai/webhook', body, {
        sign: false,
        ...(header && { signature: header }),
      });
      expect(response.statusCode).toBe(401);
    }
    expect(await endedAt(call.call_id)).toBeNull();
  });
});
