import { http, type HttpHandler } from 'msw';
import { ERRORS } from '@portal/shared/errors';
import { ZThreadInput } from '@portal/shared/message-threads';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  ATTACHMENTS_PER_MESSAGE_MAX,
  type TAttachment,
  type TMessageThread,
  type TThreadMessage,
} from '../features/messages/message-types.ts';
import { fakeSequence, invalid, json } from './http.ts';

/** The API's refusal with its code and the shared table's English message. */
const refuse = (code: keyof typeof ERRORS | string, status: number) =>
  json(
    { code, message: (ERRORS as Record<string, { message: string }>)[code]?.message ?? code },
    { status },
  );

const sequence = fakeSequence('3e5a7c90', '2026-03-02T09:00:00.000Z');

interface StoredThread {
  thread: TMessageThread;
  /** Oldest first, as written. */
  messages: TThreadMessage[];
  /** In the Support desk's box (`?box=support`) rather than the reader's own. */
  isDesk: boolean;
  files: Map<string, { attachment: TAttachment; bytes: Uint8Array }>;
}

/** A patient the reader may write about, and what a new thread about them answers. */
export interface FakeMessagePatient {
  patientId: string;
  patientName: string;
  practitionerName: string | null;
  practicePhone: string | null;
}

/** One open `GET /api/messages/stream`, which the test writes events into. */
export interface FakeStreamConnection {
  headers: Headers;
  send(event: { name: string; id?: number | string; data: unknown }): void;
  /** The token ran out: `expired`, then the stream ends. */
  expire(): void;
  /** The connection drops. */
  drop(): void;
  isOpen: boolean;
}

/**
 * Secure messages as the fake API answers them, with the attachments' contract: inboxes newest
 * activity first, paged by `limit` with `Link: <…>; rel="next"` (the cursor is the next index);
 * a thread's messages newest first, paged the same way; writing (409 `THREAD_CLOSED` once
 * closed), files (413 `ATTACHMENT_TOO_LARGE`, 415 `ATTACHMENT_TYPE_NOT_ALLOWED`, 413
 * `ATTACHMENT_QUOTA_EXCEEDED` past `quotaBytes`), read by their bytes; mark read; close (403 for
 * anyone but the practitioner, `isPractitioner`). `?box=support` answers 404 unless
 * `isSupportStaff`. The stream (`connections`) is written by the test.
 */
export class FakeMessages {
  threads: StoredThread[] = [];
  patients: FakeMessagePatient[] = [];
  isSupportStaff = false;
  /** The reader is the practitioner of the clinical threads (may close them). */
  isPractitioner = true;
  /** Bytes the reader may still store. */
  quotaBytes = 50 * 1024 * 1024;
  pageSize = 20;
  messagePageSize = 20;
  readerName = 'Dr. Ada Lovelace';
  connections: FakeStreamConnection[] = [];

  /** A clinical thread with `count` messages from the patient's side, the last `unread` unread. */
  addClinicalThread(
    overrides: Partial<Extract<TMessageThread, { kind: 'clinical' }>> = {},
    { count = 1, unread = 0, bodies }: { count?: number; unread?: number; bodies?: string[] } = {},
  ): StoredThread {
    const thread: TMessageThread = {
      _id: sequence.nextId(),
      kind: 'clinical',
      subject: 'Blood test results',
      createdAt: sequence.nextTime(),
      lastMessageAt: sequence.nextTime(),
      closedAt: null,
      unreadCount: unread,
      patientId: 'a1b2c3d4-0000-4000-8000-000000000001',
      patientName: 'Grace Hopper',
      practitionerName: 'Dr. Ada Lovelace',
      practicePhone: '+351 210 000 000',
      ...overrides,
    };
    return this.store(thread, false, count, bodies);
  }

  addSupportThread(
    overrides: Partial<Extract<TMessageThread, { kind: 'support' }>> = {},
    { count = 1, isDesk = false }: { count?: number; isDesk?: boolean } = {},
  ): StoredThread {
    const thread: TMessageThread = {
      _id: sequence.nextId(),
      kind: 'support',
      subject: 'Cannot download my receipt',
      createdAt: sequence.nextTime(),
      lastMessageAt: sequence.nextTime(),
      closedAt: null,
      unreadCount: 0,
      requesterName: 'Grace Hopper',
      isMember: false,
      ...overrides,
    };
    return this.store(thread, isDesk, count);
  }

  /** A message by the other side, as if it had just been written (not sent on any stream). */
  writeFromOtherSide(stored: StoredThread, body: string, attachments: TAttachment[] = []) {
    const message = this.message(stored.thread, { body, isMine: false, attachments });
    stored.messages.push(message);
    stored.thread = {
      ...stored.thread,
      lastMessageAt: message.createdAt,
      unreadCount: stored.thread.unreadCount + 1,
    };
    return message;
  }

  /** A file already stored in a thread, read back by its bytes. */
  addFile(stored: StoredThread, attachment: Omit<TAttachment, '_id'>, bytes = new Uint8Array(8)) {
    const file = { ...attachment, _id: sequence.nextId() };
    stored.files.set(file._id, { attachment: file, bytes });
    return file;
  }

  find(id: string) {
    return this.threads.find((stored) => stored.thread._id === id);
  }

  private store(thread: TMessageThread, isDesk: boolean, count: number, bodies?: string[]) {
    const stored: StoredThread = { thread, messages: [], isDesk, files: new Map() };
    for (let index = 0; index < count; index += 1)
      stored.messages.push(
        this.message(thread, { body: bodies?.[index] ?? `Message ${index + 1}`, isMine: false }),
      );
    this.threads.push(stored);
    return stored;
  }

  private message(
    thread: TMessageThread,
    {
      body,
      isMine,
      attachments = [],
    }: { body: string; isMine: boolean; attachments?: TAttachment[] },
  ): TThreadMessage {
    const otherRole =
      thread.kind === 'support' ? 'support' : this.isPractitioner ? 'patient' : 'practitioner';
    const myRole =
      thread.kind === 'support' ? 'requester' : this.isPractitioner ? 'practitioner' : 'patient';
    const otherName =
      thread.kind === 'support'
        ? null
        : this.isPractitioner
          ? thread.patientName
          : thread.practitionerName;
    return {
      _id: sequence.nextId(),
      threadId: thread._id,
      body,
      authorName: isMine ? this.readerName : otherName,
      authorRole: isMine ? myRole : otherRole,
      isMine,
      createdAt: sequence.nextTime(),
      attachments,
    };
  }

  handlers(): HttpHandler[] {
    const paged = <T>(items: T[], url: URL, size: number) => {
      const limit = Number(url.searchParams.get('limit') ?? size);
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const headers: Record<string, string> = { 'X-Total-Count': String(items.length) };
      if (from + limit < items.length) {
        const next = new URL(url);
        next.searchParams.set('cursor', String(from + limit));
        headers.Link = `<${next.pathname}${next.search}>; rel="next"`;
      }
      return { page: items.slice(from, from + limit), headers };
    };
    const threadOr404 = (id: unknown) => {
      const stored = typeof id === 'string' ? this.find(id) : undefined;
      return stored ?? refuse('THREAD_NOT_FOUND', 404);
    };

    return [
      http.get('/api/messages/stream', ({ request }) => {
        if (!/text\/event-stream/.test(request.headers.get('accept') ?? ''))
          return refuse('NOT_ACCEPTABLE', 406);
        const encoder = new TextEncoder();
        let controller!: ReadableStreamDefaultController<Uint8Array>;
        const body = new ReadableStream<Uint8Array>({
          start: (started) => {
            controller = started;
          },
        });
        const connection: FakeStreamConnection = {
          headers: request.headers,
          isOpen: true,
          send({ name, id, data }) {
            if (!connection.isOpen) return;
            const idLine = id === undefined ? '' : `id: ${id}\n`;
            controller.enqueue(
              encoder.encode(`event: ${name}\n${idLine}data: ${JSON.stringify(data)}\n\n`),
            );
          },
          expire() {
            if (!connection.isOpen) return;
            controller.enqueue(encoder.encode('event: expired\ndata: {}\n\n'));
            connection.drop();
          },
          drop() {
            if (!connection.isOpen) return;
            connection.isOpen = false;
            controller.close();
          },
        };
        request.signal.addEventListener('abort', () => {
          connection.isOpen = false;
        });
        this.connections.push(connection);
        controller.enqueue(encoder.encode('retry: 10\n: connected\n\n'));
        return new Response(body, {
          headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
        });
      }),
      http.get('/api/messages/threads', ({ request }) => {
        const url = new URL(request.url);
        const box = url.searchParams.get('box') ?? 'mine';
        if (box === 'support' && !this.isSupportStaff) return refuse('ROUTE_NOT_FOUND', 404);
        const patientId = url.searchParams.get('patientId');
        const threads = this.threads
          .filter((stored) => stored.isDesk === (box === 'support'))
          .filter(
            (stored) =>
              !patientId ||
              (stored.thread.kind === 'clinical' && stored.thread.patientId === patientId),
          )
          .map((stored) => stored.thread)
          .sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));
        const { page, headers } = paged(threads, url, this.pageSize);
        return json(page, { headers });
      }),
      http.post('/api/messages/threads', async ({ request }) => {
        const parsed = ZThreadInput.safeParse(await request.json());
        if (!parsed.success) return invalid(parsed.error);
        const { patientId, subject, body } = parsed.data;
        let thread: TMessageThread;
        if (patientId) {
          const patient = this.patients.find((known) => known.patientId === patientId);
          if (!patient) return refuse('PATIENT_NOT_FOUND', 404);
          thread = {
            _id: sequence.nextId(),
            kind: 'clinical',
            subject,
            createdAt: sequence.nextTime(),
            lastMessageAt: sequence.nextTime(),
            closedAt: null,
            unreadCount: 0,
            ...patient,
          };
        } else
          thread = {
            _id: sequence.nextId(),
            kind: 'support',
            subject,
            createdAt: sequence.nextTime(),
            lastMessageAt: sequence.nextTime(),
            closedAt: null,
            unreadCount: 0,
            requesterName: this.readerName,
            isMember: false,
          };
        const stored = this.store(thread, false, 0);
        const message = this.message(thread, { body, isMine: true });
        stored.messages.push(message);
        return json({ thread, messages: [message] }, { status: 201 });
      }),
      http.get('/api/messages/threads/:id', ({ params, request }) => {
        const stored = threadOr404(params.id);
        if (stored instanceof Response) return stored;
        const { page, headers } = paged(
          [...stored.messages].reverse(),
          new URL(request.url),
          this.messagePageSize,
        );
        return json({ thread: stored.thread, messages: page }, { headers });
      }),
      http.post('/api/messages/threads/:id/messages', async ({ params, request }) => {
        const stored = threadOr404(params.id);
        if (stored instanceof Response) return stored;
        const input = (await request.json()) as { body?: unknown; attachmentIds?: unknown };
        const ids = Array.isArray(input.attachmentIds) ? (input.attachmentIds as string[]) : [];
        const body = typeof input.body === 'string' ? input.body.trim() : '';
        if (ids.length > ATTACHMENTS_PER_MESSAGE_MAX || (body === '' && ids.length === 0))
          return json(
            {
              code: 'VALIDATION_FAILED',
              message: 'Please write a message.',
              fieldErrors: { body: 'Please write a message.' },
            },
            { status: 400 },
          );
        const attachments = ids.map((id) => stored.files.get(id)?.attachment);
        if (attachments.some((attachment) => !attachment))
          return json(
            {
              code: 'VALIDATION_FAILED',
              message: 'invalid',
              fieldErrors: { attachmentIds: 'invalid' },
            },
            { status: 400 },
          );
        if (stored.thread.closedAt) return refuse('THREAD_CLOSED', 409);
        const message = this.message(stored.thread, {
          body,
          isMine: true,
          attachments: attachments as TAttachment[],
        });
        stored.messages.push(message);
        stored.thread = { ...stored.thread, lastMessageAt: message.createdAt };
        return json(message, { status: 201 });
      }),
      http.post('/api/messages/threads/:id/attachments', async ({ params, request }) => {
        const stored = threadOr404(params.id);
        if (stored instanceof Response) return stored;
        const file = (await request.formData()).get('file');
        // Node's File, not the test window's: known by its shape.
        if (typeof file !== 'object' || file === null || !('arrayBuffer' in file))
          return refuse('VALIDATION_FAILED', 400);
        if (file.size > ATTACHMENT_MAX_BYTES) return refuse('ATTACHMENT_TOO_LARGE', 413);
        if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type))
          return refuse('ATTACHMENT_TYPE_NOT_ALLOWED', 415);
        if (file.size > this.quotaBytes) return refuse('ATTACHMENT_QUOTA_EXCEEDED', 413);
        this.quotaBytes -= file.size;
        const attachment = this.addFile(
          stored,
          {
            name: 'name' in file && typeof file.name === 'string' ? file.name : 'file',
            type: file.type as TAttachment['type'],
            size: file.size,
          },
          new Uint8Array(await file.arrayBuffer()),
        );
        return json(attachment, { status: 201 });
      }),
      http.get('/api/messages/threads/:id/attachments/:attachmentId', ({ params, request }) => {
        const stored = threadOr404(params.id);
        if (stored instanceof Response) return stored;
        const file = stored.files.get(String(params.attachmentId));
        if (!file) return refuse('ROUTE_NOT_FOUND', 404);
        if (!request.headers.get('authorization')?.startsWith('Bearer '))
          return refuse('NOT_AUTHENTICATED', 401);
        return new Response(new Blob([file.bytes as Uint8Array<ArrayBuffer>]), {
          headers: {
            'Content-Type': file.attachment.type,
            'Content-Disposition': 'attachment',
            'X-Content-Type-Options': 'nosniff',
          },
        });
      }),
      http.post('/api/messages/threads/:id/read', ({ params }) => {
        const stored = threadOr404(params.id);
        if (stored instanceof Response) return stored;
        stored.thread = { ...stored.thread, unreadCount: 0 };
        return json(stored.thread);
      }),
      http.post('/api/messages/threads/:id/close', ({ params }) => {
        const stored = threadOr404(params.id);
        if (stored instanceof Response) return stored;
        if (stored.thread.kind !== 'clinical' || !this.isPractitioner)
          return refuse('FORBIDDEN', 403);
        if (stored.thread.closedAt) return refuse('THREAD_CLOSED', 409);
        stored.thread = { ...stored.thread, closedAt: sequence.nextTime() };
        return json(stored.thread);
      }),
    ];
  }
}
