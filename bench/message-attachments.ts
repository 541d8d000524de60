// Message attachments of 10 MB: the time and the memory an upload and a download cost on one
// in-process instance, with the bytes in PostgreSQL (the default) and in a folder
// (MESSAGE_ATTACHMENTS_DIR), each storage in a process of its own. BENCH_ATTACHMENT_ROUNDS (10)
// uploads of a 10 MB PDF, then as many of a 10 MB JPEG made mostly of comment segments (so its
// metadata removal walks 10 MB), then as many downloads, one at a time, then 4 uploads at once.
// RSS is sampled every 5 ms: each phase's peak is reported beside the RSS of the idle instance
// after a warm-up round. The client (fetch, in the same process) holds its own copy of each file,
// so about 10 MB of each figure (40 MB of the parallel one) is the client's.
//   npm run message-attachments -w bench
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withInProcessApi } from './lib/in-process-api.ts';
import { median } from './lib/median.ts';
import { printTable, writeResult } from './lib/portal.ts';

const ROUNDS = Number(process.env.BENCH_ATTACHMENT_ROUNDS ?? 10);
const SIZE = 10 * 1024 * 1024;
const MB = 1024 * 1024;

function pdfOf(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n');
  return bytes;
}

/** A JPEG of `size` bytes: SOI, comment segments of 64 KB, a minimal scan, EOI. */
function jpegOf(size: number): Buffer {
  const parts = [Buffer.from([0xff, 0xd8])];
  let length = 2;
  const tail = Buffer.from([0xff, 0xda, 0x00, 0x02, 0x00, 0xff, 0xd9]);
  while (length + tail.length < size) {
    const payload = Math.min(65_533, size - length - tail.length - 4);
    if (payload < 1) break;
    const segment = Buffer.alloc(payload + 4, 0x41);
    segment.set([0xff, 0xfe, ((payload + 2) >> 8) & 255, (payload + 2) & 255]);
    parts.push(segment);
    length += segment.length;
  }
  parts.push(tail);
  return Buffer.concat(parts);
}

const inMb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** Runs `work` while sampling RSS; answers its time and its peak RSS, in MB. */
async function measured<T>(work: () => Promise<T>) {
  global.gc?.();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, ms, peakRssMb: inMb(peak) };
}

async function benchStorage(storedIn: 'database' | 'folder') {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-attachments-'));
  if (storedIn === 'folder') process.env.MESSAGE_ATTACHMENTS_DIR = folder;
  else delete process.env.MESSAGE_ATTACHMENTS_DIR;
  process.env.MESSAGE_ATTACHMENT_QUOTA_MB = '100000';
  try {
    return await withInProcessApi(`attachments-${storedIn}`, async ({ app, identity }) => {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const { idToken } = await identity.issueIdToken({
        email: 'bench-attachments@example.test',
        name: 'Bench Attachments',
      });
      const headers = { authorization: `Bearer ${idToken}` };
      await app.inject({ method: 'POST', url: '/api/auth/login', headers });
      const created = await app.inject({
        method: 'POST',
        url: '/api/messages/threads',
        headers,
        payload: { support: true, subject: 'Bench files', body: 'Files follow' },
      });
      const threadId = (created.json() as { thread: { _id: string } }).thread._id;
      const upload = async (bytes: Buffer, name: string) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(bytes)]), name);
        const response = await fetch(`${url}/api/messages/threads/${threadId}/attachments`, {
          method: 'POST',
          headers,
          body: form,
        });
        if (response.status !== 201) throw new Error(`upload: ${response.status}`);
        return ((await response.json()) as { _id: string })._id;
      };
      const download = async (id: string) => {
        const response = await fetch(`${url}/api/messages/threads/${threadId}/attachments/${id}`, {
          headers,
        });
        if (response.status !== 200) throw new Error(`download: ${response.status}`);
        return (await response.arrayBuffer()).byteLength;
      };
      const pdf = pdfOf(SIZE);
      const jpeg = jpegOf(SIZE);
      await download(await upload(pdf, 'warm-up.pdf'));
      global.gc?.();
      await new Promise((resolve) => setTimeout(resolve, 500));
      global.gc?.();
      const idleRssMb = inMb(process.memoryUsage().rss);

      const rows: Record<string, string | number>[] = [];
      const run = async (label: string, once: () => Promise<unknown>) => {
        const times: number[] = [];
        const phase = await measured(async () => {
          for (let i = 0; i < ROUNDS; i += 1) {
            const started = performance.now();
            await once();
            times.push(performance.now() - started);
          }
        });
        rows.push({
          storedIn,
          what: label,
          medianMs: Math.round(median(times.sort((a, b) => a - b))),
          idleRssMb,
          peakRssMb: phase.peakRssMb,
        });
      };
      const ids: string[] = [];
      await run('upload a 10 MB PDF', async () => ids.push(await upload(pdf, 'report.pdf')));
      await run('upload a 10 MB JPEG (metadata removed)', () => upload(jpeg, 'photo.jpg'));
      let next = 0;
      await run('download a 10 MB PDF', () => download(ids[next++ % ids.length]!));
      const together = await measured(() =>
        Promise.all([0, 1, 2, 3].map((i) => upload(pdf, `parallel-${i}.pdf`))),
      );
      rows.push({
        storedIn,
        what: '4 uploads of 10 MB at once',
        medianMs: Math.round(together.ms),
        idleRssMb,
        peakRssMb: together.peakRssMb,
      });
      return rows;
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

const RESULT = 'attachment-bench-result ';

/** Each storage in a fresh process, so one's heap does not carry into the other's figures. */
export function benchMessageAttachments() {
  console.log(`Message attachments bench: ${ROUNDS} rounds of 10 MB files`);
  const rows = (['database', 'folder'] as const).flatMap((storedIn) => {
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', import.meta.filename],
      {
        cwd: import.meta.dirname,
        env: { ...process.env, BENCH_ATTACHMENT_STORAGE: storedIn },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const line = output.split('\n').find((text) => text.startsWith(RESULT));
    if (!line) throw new Error(`no result from the ${storedIn} run`);
    return JSON.parse(line.slice(RESULT.length)) as Record<string, string | number>[];
  });
  printTable('Attachments of 10 MB: time per request, idle and peak RSS of the process', rows);
  const figures = { rounds: ROUNDS, sizeBytes: SIZE, rows };
  writeResult('message-attachments', figures);
  return figures;
}

if (import.meta.filename === process.argv[1]) {
  const storedIn = process.env.BENCH_ATTACHMENT_STORAGE;
  if (storedIn === 'database' || storedIn === 'folder')
    console.log(`${RESULT}${JSON.stringify(await benchStorage(storedIn))}`);
  else benchMessageAttachments();
}
