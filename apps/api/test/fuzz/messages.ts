import fc from 'fast-check';
import { pdfFile } from '../../src/modules/messages/attachments/attachments.factories.ts';
import type { TestContext } from '../app.ts';
import type { Operation } from './openapi.ts';
import type { Pools } from './pools.ts';

/*
 * Secure messages in the campaign: each user has support threads and a clinical thread about
 * their own patient, so every thread route has threads to succeed on, beside other people's,
 * unknown ids and junk. One pool user is Support staff (SUPPORT_EMAILS of the campaign's app).
 */

/** The campaign's Support staff member: one of its users, named in SUPPORT_EMAILS. */
export const FUZZ_SUPPORT = 'fuzz-support@example.test';

export interface ThreadInPool {
  id: string;
  kind: 'clinical' | 'support';
  /** The practitioner of a clinical thread's patient (null: outside the pool, or support). */
  ownerId: string | null;
  patientId: string | null;
  requesterId: string | null;
}

/** A file seeded on a user's clinical thread, sent with a message there. */
export interface AttachmentInPool {
  id: string;
  threadId: string;
}

export interface MessagePools {
  threads: ThreadInPool[];
  /** One sent attachment per user, on their clinical thread. */
  attachments: AttachmentInPool[];
  /** The pool user who is Support staff. */
  supportUserId: string;
}

/** A multipart upload of one PDF, as a browser sends it. */
function uploadPdf(ctx: TestContext, headers: Record<string, string>, threadId: string) {
  const boundary = 'fuzz-seed-boundary';
  return ctx.app.inject({
    method: 'POST',
    url: `/api/messages/threads/${threadId}/attachments`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fuzz.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdfFile(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

/**
 * Three support threads and one clinical thread (about their first live patient) per user; on
 * the clinical thread, a message carrying a PDF, so downloads have files to succeed on.
 */
export async function seedMessages(
  ctx: TestContext,
  users: Array<{ headers: Record<string, string>; user: { _id: string; email: string } }>,
): Promise<MessagePools> {
  const threads: ThreadInPool[] = [];
  const attachments: AttachmentInPool[] = [];
  for (const { headers, user } of users) {
    const patients = await ctx.app.inject({ url: '/api/records/patients', headers });
    const patientId = (patients.json() as Array<{ _id: string }>)[0]!._id;
    const bodies = [
      { patientId, subject: 'Fuzz follow-up', body: 'How are you feeling?' },
      ...[0, 1, 2].map((i) => ({ support: true, subject: `Fuzz help ${i}`, body: 'A question' })),
    ];
    for (const payload of bodies) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/messages/threads',
        headers,
        payload,
      });
      if (created.statusCode !== 201) throw new Error(`seeding a thread: ${created.body}`);
      const { thread } = created.json() as { thread: { _id: string } };
      const isSupport = 'support' in payload;
      if (!isSupport) {
        const uploaded = await uploadPdf(ctx, headers, thread._id);
        if (uploaded.statusCode !== 201) throw new Error(`seeding a file: ${uploaded.body}`);
        const { _id } = uploaded.json() as { _id: string };
        const sent = await ctx.app.inject({
          method: 'POST',
          url: `/api/messages/threads/${thread._id}/messages`,
          headers,
          payload: { body: 'The file', attachmentIds: [_id] },
        });
        if (sent.statusCode !== 201) throw new Error(`seeding a message: ${sent.body}`);
        attachments.push({ id: _id, threadId: thread._id });
      }
      threads.push({
        id: thread._id,
        kind: isSupport ? 'support' : 'clinical',
        ownerId: isSupport ? null : user._id,
        patientId: isSupport ? null : patientId,
        requesterId: isSupport ? user._id : null,
      });
    }
  }
  const support = users.find(({ user }) => user.email === FUZZ_SUPPORT);
  if (!support) throw new Error('no pool user is the campaign’s Support staff');
  return { threads, attachments, supportUserId: support.user._id };
}

/** Whether `actorId` may see `thread` now, as far as the pools know. */
function maySee(thread: ThreadInPool, actorId: string, pools: Pools): boolean {
  if (thread.kind === 'support')
    return thread.requesterId === actorId || pools.messages.supportUserId === actorId;
  return (
    thread.ownerId === actorId ||
    pools.linked.links.some(
      (link) => link.userId === actorId && link.patientId === thread.patientId,
    )
  );
}

/** A thread route's `{id}`: threads the actor sees, other people's, unknown ids, junk. */
export function messagePathValue(
  operation: Operation,
  name: string,
  actorId: string,
  pools: Pools,
  junk: fc.Arbitrary<{ value: string; raw?: string }>,
): fc.Arbitrary<{ value: string; raw?: string }> | undefined {
  if (!operation.path.startsWith('/api/messages/threads/{id}')) return undefined;
  const ids = (list: string[]) =>
    list.length
      ? fc.constantFrom(...list).map((value) => ({ value }))
      : fc.uuid().map((value) => ({ value }));
  const { threads } = pools.messages;
  if (name === 'attachmentId') {
    const seesThread = (id: string) => {
      const thread = threads.find((t) => t.id === id);
      return thread !== undefined && maySee(thread, actorId, pools);
    };
    const { attachments } = pools.messages;
    return fc.oneof(
      {
        weight: 6,
        arbitrary: ids(attachments.filter((a) => seesThread(a.threadId)).map((a) => a.id)),
      },
      {
        weight: 2,
        arbitrary: ids(attachments.filter((a) => !seesThread(a.threadId)).map((a) => a.id)),
      },
      { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
      { weight: 1, arbitrary: junk },
    );
  }
  // A download's thread: mostly one of those holding a file the actor may read.
  const withFiles = new Set(pools.messages.attachments.map((a) => a.threadId));
  if (operation.path.endsWith('/{attachmentId}'))
    return fc.oneof(
      {
        weight: 6,
        arbitrary: ids(
          threads.filter((t) => withFiles.has(t.id) && maySee(t, actorId, pools)).map((t) => t.id),
        ),
      },
      { weight: 2, arbitrary: ids(threads.map((t) => t.id)) },
      { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
      { weight: 1, arbitrary: junk },
    );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: ids(threads.filter((t) => maySee(t, actorId, pools)).map((t) => t.id)),
    },
    {
      weight: 2,
      arbitrary: ids(threads.filter((t) => !maySee(t, actorId, pools)).map((t) => t.id)),
    },
    { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
    { weight: 1, arbitrary: junk },
  );
}

/** Bodies of the thread routes that get past validation now and then. */
export function messageHints(operation: Operation, actorId: string, pools: Pools) {
  if (!operation.path.startsWith('/api/messages/threads')) return {};
  const mostly = (valid: unknown[], invalid: unknown[]) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...valid) },
      { weight: 1, arbitrary: fc.constantFrom(...invalid) },
    );
  const writable = [
    ...pools.patients.filter((p) => p.ownerId === actorId && !p.isDeleted).map((p) => p.id),
    ...pools.linked.links.filter((link) => link.userId === actorId).map((link) => link.patientId),
  ];
  return {
    subject: mostly(['Fuzz question', 'Résultats d’analyse', '检查结果'], ['', 'x'.repeat(201)]),
    body: mostly(['Hello,\nhow are you?', 'مرحبا'], ['', 'x'.repeat(5001), 'bell\u0007']),
    support: mostly([true], [false, 'yes']),
    patientId: fc.oneof(
      { weight: 4, arbitrary: writable.length ? fc.constantFrom(...writable) : fc.uuid() },
      { weight: 1, arbitrary: fc.uuid() },
    ),
    box: mostly(['mine', 'support'], ['everything']),
    attachmentIds: mostly([[]], [['not-an-id'], [crypto.randomUUID()]]),
  };
}

/** A thread the campaign made: the pools take it, so later requests can act on it. */
export function rememberThread(
  pools: Pools,
  actorId: string,
  answer: { thread?: { _id?: unknown; kind?: unknown; patientId?: unknown } } | undefined,
) {
  const thread = answer?.thread;
  if (typeof thread?._id !== 'string' || pools.messages.threads.length > 400) return;
  const patientId = typeof thread.patientId === 'string' ? thread.patientId : null;
  const ownerId = patientId
    ? (pools.patients.find((patient) => patient.id === patientId)?.ownerId ?? null)
    : null;
  pools.messages.threads.push({
    id: thread._id,
    kind: thread.kind === 'support' ? 'support' : 'clinical',
    ownerId,
    patientId,
    requesterId: thread.kind === 'support' ? actorId : null,
  });
}

/** A 2xx of a thread route must be about threads the caller may see; Support never sees a patient. */
export function messagePrivacyProblems(
  label: string,
  pathValues: Record<string, string>,
  json: unknown,
  actorId: string,
  pools: Pools,
): string[] {
  if (!label.startsWith('GET /api/messages') && !label.startsWith('POST /api/messages')) return [];
  const known = (id: string) => pools.messages.threads.find((t) => t.id === id.toLowerCase());
  const problems: string[] = [];
  const check = (id: string) => {
    const thread = known(id);
    if (thread && !maySee(thread, actorId, pools))
      problems.push(`answered thread ${id}, which the caller does not take part in`);
  };
  if (label === 'GET /api/messages/threads' && Array.isArray(json)) {
    for (const thread of json as Array<{ _id: string; kind: string; patientId?: string }>) {
      check(thread._id);
      if (
        actorId === pools.messages.supportUserId &&
        thread.kind === 'support' &&
        'patientId' in thread
      )
        problems.push(`a support thread ${thread._id} named a patient`);
    }
  }
  if (pathValues.id && label.includes('/api/messages/threads/{id}')) check(pathValues.id);
  return problems;
}
