import crypto from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { listenOnLoopback } from './loopback-server.ts';

export interface RecordedRetellRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

type Answer = { status: number; body: unknown };

/**
 * A local stand-in for the parts of Retell's API the portal uses, on 127.0.0.1: creating web
 * calls (each with a new call id), and creating, reading and updating the agent's LLM and the
 * agent (`npm run voice:setup`). It records every request. `answerWith` replaces the next
 * create-web-call answers (a refusal, a fixed body) until `reset`.
 */
export async function startFakeRetell() {
  const received: RecordedRetellRequest[] = [];
  const llms = new Map<string, Record<string, unknown>>();
  const agents = new Map<string, Record<string, unknown>>();
  let webCallAnswer: Answer | undefined;
  let calls = 0;

  const route = (method: string, path: string, body: unknown): Answer => {
    const record = (body ?? {}) as Record<string, unknown>;
    if (method === 'POST' && path === '/v3/create-web-call') {
      if (webCallAnswer) return webCallAnswer;
      calls += 1;
      return {
        status: 201,
        body: {
          access_token: `web-call-access-token-${calls}`,
          call_id: `call_fake_${calls}_${process.pid}`,
          agent_id: record.agent_id,
          expires_at: Date.now() + 30_000,
        },
      };
    }
    if (method === 'POST' && path === '/create-retell-llm') {
      const llm = { ...record, llm_id: `llm_fake_${llms.size + 1}`, version: 0 };
      llms.set(llm.llm_id, llm);
      return { status: 201, body: llm };
    }
    if (method === 'POST' && path === '/create-agent') {
      const agent = { ...record, agent_id: `agent_fake_${agents.size + 1}`, version: 0 };
      agents.set(agent.agent_id, agent);
      return { status: 201, body: agent };
    }
    const match = /^\/(get|update)-(retell-llm|agent)\/([^/?]+)/.exec(path);
    if (match) {
      const [, verb, kind, id] = match;
      const store = kind === 'agent' ? agents : llms;
      const current = store.get(decodeURIComponent(id!));
      if (!current) return { status: 404, body: { error_message: 'Not found' } };
      if (verb === 'get' && method === 'GET') return { status: 200, body: current };
      if (verb === 'update' && method === 'PATCH') {
        const updated = { ...current, ...record, version: (current.version as number) + 1 };
        store.set(decodeURIComponent(id!), updated);
        return { status: 200, body: updated };
      }
    }
    return { status: 404, body: { error_message: 'Not found' } };
  };

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      const body = raw ? (JSON.parse(raw) as unknown) : undefined;
      received.push({
        method: request.method ?? '',
        path,
        authorization: request.headers.authorization,
        body,
      });
      const answer = route(request.method ?? '', path.split('?')[0]!, body);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    received,
    llms,
    agents,
    answerWith(status: number, body: unknown) {
      webCallAnswer = { status, body };
    },
    reset() {
      webCallAnswer = undefined;
    },
    close,
  };
}

export type FakeRetell = Awaited<ReturnType<typeof startFakeRetell>>;

let lastSignedAt = 0;

/**
 * Retell's signature, `v=<ms>,d=<HMAC-SHA256(body + ms)>` with the API key, at a millisecond
 * no earlier request used: the same body sent twice within one millisecond would otherwise
 * carry the same signature, which the portal refuses as a replay.
 */
function signAsRetell(body: string, apiKey: string) {
  lastSignedAt = Math.max(Date.now(), lastSignedAt + 1);
  const digest = crypto
    .createHmac('sha256', apiKey)
    .update(body + lastSignedAt)
    .digest('hex');
  return `v=${lastSignedAt},d=${digest}`;
}

/**
 * What Retell itself sends the portal during a call: the agent's function calls and the call's
 * webhook events, signed as Retell signs them. `sign: false` leaves the signature out;
 * `signature` sends a given one.
 */
export function retellSender(app: FastifyInstance, { apiKey }: { apiKey: string }) {
  async function send(
    url: string,
    body: string,
    { sign = true, signature }: { sign?: boolean; signature?: string } = {},
  ) {
    const header = signature ?? (sign ? signAsRetell(body, apiKey) : undefined);
    return app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        ...(header !== undefined && { 'x-retell-signature': header }),
      },
      payload: body,
    });
  }
  return {
    send,
    /** The agent calling one of its functions during the call. */
    callFunction(
      call: { call_id: string; agent_id: string },
      name: string,
      args: Record<string, unknown>,
      options?: { sign?: boolean; signature?: string },
    ) {
      const body = JSON.stringify({ name, call: { ...call, call_status: 'ongoing' }, args });
      return send('/api/retellai/functions', body, options);
    },
    /** Retell's webhook event for the call. */
    callEvent(event: string, call: { call_id: string; agent_id: string }) {
      const body = JSON.stringify({ event, call: { ...call, call_status: 'ended' } });
      return send('/api/retellai/webhook', body);
    },
  };
}
