import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type AuthHeaders, createTestApp, type TestContext } from '../app.ts';
import { retellSender, startFakeRetell } from '../fake-retell.ts';
import { auditEvents } from '../../src/db/schema/audit.ts';
import { appointments } from '../../src/db/schema/appointments.ts';

/** Test helpers for voice calls (imported by tests only). */

/** Starts a web call as the signed-in user; answers the call as Retell will describe it. */
export async function startVoiceCall(
  ctx: TestContext,
  headers: AuthHeaders,
  { agentId, language = 'en' }: { agentId: string; language?: string },
): Promise<{ call_id: string; agent_id: string }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/retellai/connect-retellai',
    headers: { ...headers, cookie: `lang=${encodeURIComponent(language)}` },
    payload: { agent_id: agentId },
  });
  if (response.statusCode !== 200) throw new Error(`call not started: ${response.body}`);
  return { call_id: response.json().call_id as string, agent_id: agentId };
}

/** Everything a voice function could change: the user's appointments and audit trail. */
export async function stateOf(ctx: TestContext, userId: string) {
  const [rows, audit] = await Promise.all([
    ctx.database.db.select().from(appointments).where(eq(appointments.ownerId, userId)),
    ctx.database.db.select().from(auditEvents).where(eq(auditEvents.actorId, userId)),
  ]);
  return { appointments: rows, audit };
}

/**
 * The whole API with voice configured against a local fake Retell server, and the sender of
 * Retell's signed requests. `now` is the app's clock (binding times, "today", free slots).
 */
export async function startVoiceApp({
  apiKey,
  agentId,
  now,
}: {
  apiKey: string;
  agentId: string;
  now: () => Date;
}) {
  const retell = await startFakeRetell();
  const ctx = await createTestApp({
    env: { RETELL_API_KEY: apiKey, RETELL_AGENT_ID: agentId, RETELL_BASE_URL: retell.url },
    deps: { now },
  });
  return {
    ctx,
    sender: retellSender(ctx.app, { apiKey }),
    async close() {
      await ctx.close();
      await retell.close();
    },
  };
}

/**
 * The calling test file's voice app, as `useTestApp`: started before its tests, closed after
 * them, its clock back at `start` before each test (`setClock` moves it within one). Call it
 * at the file's top level; `ctx` and `sender` are filled in by the file's first `beforeAll`.
 */
export function useVoiceApp({
  apiKey,
  agentId,
  start,
}: {
  apiKey: string;
  agentId: string;
  start: Date;
}) {
  let clock = start;
  let voice: Awaited<ReturnType<typeof startVoiceApp>>;
  const ctx = {} as TestContext;
  const sender = {} as ReturnType<typeof retellSender>;
  beforeAll(async () => {
    voice = await startVoiceApp({ apiKey, agentId, now: () => clock });
    Object.assign(ctx, voice.ctx);
    Object.assign(sender, voice.sender);
  });
  afterAll(() => voice.close());
  beforeEach(() => {
    clock = start;
  });
  return {
    ctx,
    sender,
    setClock: (at: Date) => {
      clock = at;
    },
  };
}
