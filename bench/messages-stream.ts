// Live messages at scale: BENCH_STREAM_READERS (1,000) readers hold the message stream open on
// one in-process instance, each with a support thread of their own. Support staff then answer
// BENCH_STREAM_MESSAGES (200) times, one reader at a time, and the bench measures how long each
// answer takes from the request to its event arriving at that reader's stream (p50, p99, max),
// with every other stream open and listening.
//   npm run messages-stream -w bench
import { readServerSentEvents } from '../apps/api/test/event-stream.ts';
import { median } from './lib/median.ts';
import { withInProcessApi } from './lib/in-process-api.ts';
import { printTable, writeResult } from './lib/portal.ts';

const READERS = Number(process.env.BENCH_STREAM_READERS ?? 1_000);
const MESSAGES = Number(process.env.BENCH_STREAM_MESSAGES ?? 200);
/** Each staff member writes at most 60 messages a minute (the route's limit): enough of them. */
const STAFF = Math.ceil(MESSAGES / 50);
const staffEmail = (i: number) => `bench-support-${i}@example.test`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A reader's stream: resolves `next(id)` when the message with that id arrives. */
async function openStream(url: string, token: string, signal: AbortSignal) {
  const waiting = new Map<string, () => void>();
  // An event can come before the answer that names its message: kept until asked for.
  const arrived = new Set<string>();
  const response = await fetch(`${url}/api/messages/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal,
  });
  if (response.status !== 200) throw new Error(`stream answered ${response.status}`);
  void (async () => {
    try {
      await readServerSentEvents(
        response.body as unknown as AsyncIterable<Uint8Array>,
        ({ event, data }) => {
          if (event !== 'message') return;
          const id = (JSON.parse(data) as { message: { _id: string } }).message._id;
          const wake = waiting.get(id);
          if (wake) {
            waiting.delete(id);
            wake();
          } else arrived.add(id);
        },
      );
    } catch {
      // aborted at the end of the bench
    }
  })();
  return {
    /** Resolves when message `id` arrives (registered before the message is sent). */
    expect(id: Promise<string>): Promise<void> {
      return new Promise((resolve) => {
        void id.then((known) => {
          if (arrived.delete(known)) resolve();
          else waiting.set(known, resolve);
        });
      });
    },
  };
}

export async function benchMessagesStream() {
  console.log(`Messages stream bench: ${READERS} readers on one instance, ${MESSAGES} messages`);
  process.env.SUPPORT_EMAILS = Array.from({ length: STAFF }, (_, i) => staffEmail(i)).join(',');
  return withInProcessApi('messages-stream', async ({ app, identity }) => {
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = async (email: string, index: number) => {
      const { idToken } = await identity.issueIdToken({ email, name: `Bench Reader ${index}` });
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { authorization: `Bearer ${idToken}` },
        remoteAddress: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
      });
      if (login.statusCode !== 200) throw new Error(`sign-in answered ${login.statusCode}`);
      return { authorization: `Bearer ${idToken}` };
    };
    const staff = [];
    for (let i = 0; i < STAFF; i += 1) staff.push(await signIn(staffEmail(i), 60_000 + i));
    const readers: Array<{ token: string; threadId: string }> = [];
    for (let i = 1; i <= READERS; i += 1) {
      const headers = await signIn(`bench-reader-${i}@example.test`, i);
      const created = await app.inject({
        method: 'POST',
        url: '/api/messages/threads',
        headers,
        payload: { support: true, subject: 'Bench', body: 'A question' },
      });
      readers.push({
        token: headers.authorization.slice('Bearer '.length),
        threadId: (created.json() as { thread: { _id: string } }).thread._id,
      });
    }
    const controller = new AbortController();
    const opened = performance.now();
    const streams = await Promise.all(
      readers.map((reader) => openStream(url, reader.token, controller.signal)),
    );
    const openMs = Math.round(performance.now() - opened);
    // Every stream's first bytes have come: each is connected to the hub.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const delivery: number[] = [];
    for (let i = 0; i < MESSAGES; i += 1) {
      const index = (i * 7919) % READERS;
      const started = performance.now();
      const sent = app
        .inject({
          method: 'POST',
          url: `/api/messages/threads/${readers[index]!.threadId}/messages`,
          headers: staff[i % STAFF]!,
          payload: { body: `Answer ${i}` },
        })
        .then((response) => {
          if (response.statusCode !== 201) throw new Error(`answer: ${response.statusCode}`);
          return (response.json() as { _id: string })._id;
        });
      await streams[index]!.expect(sent);
      delivery.push(performance.now() - started);
    }
    controller.abort();
    const sorted = delivery.sort((a, b) => a - b);
    const figures = {
      readers: READERS,
      messages: MESSAGES,
      openAllMs: openMs,
      deliveryP50Ms: Math.round(median(sorted) * 10) / 10,
      deliveryP99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
      deliveryMaxMs: Math.round(sorted.at(-1)! * 10) / 10,
    };
    printTable('Delivery of a message to its reader, from the request to the event', [figures]);
    writeResult('messages-stream', figures);
    return figures;
  });
}

if (import.meta.filename === process.argv[1]) await benchMessagesStream();
