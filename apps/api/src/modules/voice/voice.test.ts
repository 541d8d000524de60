import http from 'node:http';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../../test/app.ts';
import { startFakeRetell, type FakeRetell } from '../../../test/fake-retell.ts';
import { voiceCalls } from '../../db/schema/voice.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';

const API_KEY = 'key_test_5f8e1d2c9b7a';
const AGENT_ID = 'agent_7c1d0e9f3a2b';
const URL = '/api/retellai/connect-retellai';

let retell: FakeRetell;
let ctx: TestContext;
let unconfigured: TestContext;

beforeAll(async () => {
  retell = await startFakeRetell();
  ctx = await createTestApp({
    env: { RETELL_API_KEY: API_KEY, RETELL_AGENT_ID: AGENT_ID, RETELL_BASE_URL: retell.url },
  });
  unconfigured = await createTestApp();
});

afterAll(async () => {
  await ctx.close();
  await unconfigured.close();
  await retell.close();
});

afterEach(() => {
  retell.received.length = 0;
  retell.reset();
});

/** Asks `app` for a web call with `agentId`, as whoever `headers` sign in (no one without). */
function connect(app: TestContext, headers: Record<string, string> = {}, agentId = AGENT_ID) {
  return app.app.inject({ method: 'POST', url: URL, headers, payload: { agent_id: agentId } });
}

describe('POST /api/retellai/connect-retellai', () => {
  it('creates a web call with the API key and only the user id in the metadata', async () => {
    const { headers, user } = await signIn(ctx);
    const response = await connect(ctx, headers);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: expect.stringMatching(/^web-call-access-token-\d+$/),
      call_id: expect.stringMatching(/^call_fake_/),
    });
    expect(retell.received).toEqual([
      {
        method: 'POST',
        path: '/v3/create-web-call',
        authorization: `Bearer ${API_KEY}`,
        body: { agent_id: AGENT_ID, metadata: { user_id: user._id } },
      },
    ]);
  });

  it('never writes the API key or the access token to the logs', async () => {
    const { headers } = await signIn(ctx);
    const response = await connect(ctx, headers);
    const logs = ctx.logs.join('');
    expect(logs).toContain('voice call created');
    expect(logs).not.toContain(API_KEY);
    expect(logs).not.toContain(response.json().access_token);
  });

  it('binds the new call to the user, the agent and the session language, nothing else', async () => {
    const { headers, user } = await signIn(ctx);
    const response = await connect(ctx, { ...headers, cookie: 'lang=fr', 'accept-language': 'de' });
    const callId = response.json().call_id as string;
    const rows = await ctx.database.db
      .select()
      .from(voiceCalls)
      .where(eq(voiceCalls.callId, callId));
    expect(rows).toEqual([
      {
        callId,
        userId: user._id,
        agentId: AGENT_ID,
        language: 'fr',
        startedAt: expect.any(Date),
        endedAt: null,
      },
    ]);
  });

  it('binds nobody when Retell refuses the call', async () => {
    retell.answerWith(500, { error_message: 'down' });
    const { headers, user } = await signIn(ctx);
    await connect(ctx, headers);
    const rows = await ctx.database.db
      .select()
      .from(voiceCalls)
      .where(eq(voiceCalls.userId, user._id));
    expect(rows).toEqual([]);
  });

  it('answers 400 for an agent other than the configured one and creates no call', async () => {
    const { headers } = await signIn(ctx);
    const response = await connect(ctx, headers, 'agent_someone_elses');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VOICE_AGENT_MISMATCH',
      fieldErrors: { agent_id: 'This voice agent is not available.' },
    });
    expect(retell.received).toEqual([]);
  });

  it('answers 400 without an agent_id or with unknown fields', async () => {
    const { headers } = await signIn(ctx);
    for (const payload of [{}, { agent_id: '' }, { agent_id: AGENT_ID, metadata: { x: 1 } }]) {
      const response = await ctx.app.inject({ method: 'POST', url: URL, headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(retell.received).toEqual([]);
  });

  it('answers 401 without a signed-in user', async () => {
    const response = await connect(ctx);
    expectErrorAnswer(response, 401, { message: 'not authenticated', code: 'NOT_AUTHENTICATED' });
    expect(retell.received).toEqual([]);
  });

  it('answers 503 with a clear message when the voice assistant is not configured', async () => {
    const { headers } = await signIn(unconfigured);
    const response = await connect(unconfigured, headers);
    expectErrorAnswer(response, 503, {
      message: 'The voice assistant is not configured.',
      code: 'VOICE_NOT_CONFIGURED',
    });
  });

  it('allows 5 calls per user per minute, then answers 429 with Retry-After', async () => {
    const first = await signIn(ctx);
    for (let call = 1; call <= 5; call += 1)
      expect((await connect(ctx, first.headers)).statusCode, `call ${call}`).toBe(200);
    const limited = await connect(ctx, first.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(retell.received).toHaveLength(5);

    // The limit is per user, not per address: another user on the same address still may call.
    const second = await signIn(ctx);
    expect((await connect(ctx, second.headers)).statusCode).toBe(200);
  });

  it('answers 502 with a generic message when Retell refuses, without its details', async () => {
    retell.answerWith(401, { error_message: `Invalid API key ${API_KEY}` });
    try {
      const { headers } = await signIn(ctx);
      const response = await connect(ctx, headers);
      expectErrorAnswer(response, 502, {
        message: 'The voice assistant could not start a call. Please try again later.',
        code: 'VOICE_CALL_FAILED',
      });
      const logs = ctx.logs.join('');
      expect(logs).toContain('"upstreamStatus":401');
      expect(logs).not.toContain(API_KEY);
    } finally {
      retell.reset();
    }
  });

  it('answers 502 when Retell cannot be reached', async () => {
    const down = await createTestApp({
      env: {
        RETELL_API_KEY: API_KEY,
        RETELL_AGENT_ID: AGENT_ID,
        // A port nobody listens on: the fake server's port after it closed.
        RETELL_BASE_URL: await closedPortUrl(),
      },
    });
    try {
      const { headers } = await signIn(down);
      const response = await connect(down, headers);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'VOICE_CALL_FAILED' });
    } finally {
      await down.close();
    }
  });

  it('is documented in the OpenAPI document', async () => {
    const response = await ctx.app.inject('/api/openapi.json');
    const document = response.json() as { paths: Record<string, { post?: unknown }> };
    expect(document.paths[URL]?.post).toBeDefined();
  });
});

describe('GET /api/config (voice)', () => {
  it('tells the browser whether voice is on and the agent id, never the API key', async () => {
    const response = await ctx.app.inject('/api/config');
    expect(response.json()).toMatchObject({ voice: { isEnabled: true, agentId: AGENT_ID } });
    expect(response.body).not.toContain(API_KEY);

    const off = await unconfigured.app.inject('/api/config');
    expect(off.json()).toMatchObject({ voice: { isEnabled: false, agentId: null } });
  });
});

async function closedPortUrl(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
