// The cluster check of live messages: a message written through one instance reaches a stream
// reader connected to the other (PostgreSQL LISTEN/NOTIFY between the instances).
import { expect, signIn } from './checks.mjs';

/** The Support desk's e-mail in the cluster's configuration (SUPPORT_EMAILS). */
export const CLUSTER_SUPPORT_EMAIL = 'cluster-support@example.test';

const EVENT_WAIT_MS = 10_000;

/**
 * A stream read as the web app reads it (`fetch`, the token in its header): answers the events
 * as they come and a way to wait for one, once the server has said it is connected.
 */
async function openStream(via, headers) {
  const controller = new AbortController();
  const response = await fetch(`${via.url}/api/messages/stream`, {
    headers: { ...headers, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(response.status === 200, `stream on ${via.name}: ${response.status}`);
  const events = [];
  let isConnected = false;
  const waiters = new Set();
  const wake = () => waiters.forEach((waiter) => waiter());
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes(': connected')) isConnected = true;
          const name = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (name) events.push({ name, data: data ? JSON.parse(data) : null, at: Date.now() });
        }
        wake();
      }
    } catch {
      // aborted when the check ends
    }
  })();
  const waitUntil = async (test, what) => {
    const deadline = Date.now() + EVENT_WAIT_MS;
    while (!test()) {
      expect(Date.now() < deadline, `${what} within ${EVENT_WAIT_MS} ms on ${via.name}`);
      await new Promise((resolve) => {
        const waiter = () => {
          waiters.delete(waiter);
          resolve();
        };
        waiters.add(waiter);
        setTimeout(waiter, 100);
      });
    }
  };
  await waitUntil(() => isConnected, 'the stream connected');
  return {
    events,
    /** The `message` event whose body is `body`, once it has come. */
    async message(body) {
      const find = () =>
        events.find((event) => event.name === 'message' && event.data.message.body === body);
      await waitUntil(() => find() !== undefined, `the message "${body}"`);
      return find();
    },
    close: () => controller.abort(),
  };
}

async function post(via, headers, path, payload) {
  const response = await fetch(`${via.url}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const body = await response.json();
  expect(
    response.status === 201,
    `${path} on ${via.name}: ${response.status} ${JSON.stringify(body)}`,
  );
  return body;
}

/**
 * A user writes to Support through A while a staff member's stream is open on B; the staff
 * member answers through B while the user's stream is open on A. Each side's stream receives
 * the other's message, and nobody else's stream does.
 */
export async function checkMessageAcrossInstances({ a, b }) {
  const user = await signIn(a);
  const staff = await signIn(b, { email: CLUSTER_SUPPORT_EMAIL });
  const stranger = await signIn(b);
  const staffOnB = await openStream(b, staff);
  const userOnA = await openStream(a, user);
  const strangerOnB = await openStream(b, stranger);
  try {
    const sentAt = Date.now();
    const { thread } = await post(a, user, '/api/messages/threads', {
      support: true,
      subject: 'Across the cluster',
      body: 'Written through A',
    });
    const arrived = await staffOnB.message('Written through A');
    expect(arrived.data.message.threadId === thread._id, 'the event names another thread');
    const firstMs = arrived.at - sentAt;

    const answeredAt = Date.now();
    await post(b, staff, `/api/messages/threads/${thread._id}/messages`, {
      body: 'Answered through B',
    });
    const answer = await userOnA.message('Answered through B');
    expect(answer.data.message.authorRole === 'support', 'the answer is not Support’s');
    const secondMs = answer.at - answeredAt;
    expect(
      strangerOnB.events.every((event) => event.name !== 'message'),
      'a stranger’s stream received a message',
    );
    return `A→B in ${firstMs} ms, B→A in ${secondMs} ms (request to event)`;
  } finally {
    staffOnB.close();
    userOnA.close();
    strangerOnB.close();
  }
}
