import { eq } from 'drizzle-orm';
import type { TestContext } from '../app.ts';
import { auditEvents } from '../../src/db/schema/audit.ts';
import { appointments } from '../../src/db/schema/appointments.ts';

/** Test helpers for voice calls (imported by tests only). */

/** Starts a web call as the signed-in user; answers the call as Retell will describe it. */
export async function startVoiceCall(
  ctx: TestContext,
  headers: Record<string, string>,
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
