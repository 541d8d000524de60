import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/shared/errors';
import {
  ATTACHMENT_MAX_BYTES,
  MESSAGE_TEXTS,
  type TAttachment,
  type TMessage,
} from '@portal/shared/message-threads';
import { signIn, useTestApp } from '../../../../test/app.ts';
import { messagesTestKit, SUPPORT_ENV } from '../messages.factories.ts';
import {
  GPS_LATITUDE,
  jpegWithMetadata,
  pdfFile,
  plainJpeg,
  pngWithMetadata,
} from './attachments.factories.ts';
import { sweepAttachments } from './attachments.sweep.ts';
import { attachmentStorages } from './storage.ts';

const ctx = useTestApp({ env: { ...SUPPORT_ENV, MESSAGE_ATTACHMENT_QUOTA_MB: '1' } });
const kit = messagesTestKit(ctx);
const { json, startThread, upload, download, send, getThread, careTeam, supportHeaders } = kit;

const count = async (table: string) =>
  (await ctx.database.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!
    .n;

/** A care team with a clinical thread the patient started. */
async function clinicalThread() {
  const team = await careTeam();
  const { thread } = await startThread(team.patient.headers, {
    patientId: team.patientId,
    subject: 'Blood test',
    body: 'Here are my results.',
  });
  return { ...team, threadId: thread._id };
}

describe('POST /api/messages/threads/{id}/attachments', () => {
  it('stores a participant’s PDF and answers its description; the other side downloads it once sent', async () => {
    const { doctor, patient, threadId } = await clinicalThread();
    const pdf = pdfFile();
    const uploaded = json<TAttachment>(
      await upload(patient.headers, threadId, { bytes: pdf, name: 'results.pdf' }),
      201,
    );
    expect(uploaded).toEqual({
      _id: expect.any(String),
      name: 'results.pdf',
      type: 'application/pdf',
      size: pdf.length,
    });
    // Not sent yet: only its uploader may read it.
    expect((await download(doctor.headers, threadId, uploaded._id)).statusCode).toBe(404);
    expect((await download(patient.headers, threadId, uploaded._id)).statusCode).toBe(200);

    const message = json<TMessage>(
      await send(patient.headers, threadId, { body: '', attachmentIds: [uploaded._id] }),
      201,
    );
    expect(message).toMatchObject({ body: '', attachments: [uploaded] });

    const fetched = await download(doctor.headers, threadId, uploaded._id);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload).toEqual(pdf);
    expect(fetched.headers['content-type']).toBe('application/pdf');
    expect(fetched.headers['content-disposition']).toBe("attachment; filename*=UTF-8''results.pdf");
    expect(fetched.headers['x-content-type-options']).toBe('nosniff');
    expect(fetched.headers['cache-control']).toBe('no-store');

    const read = json<{ messages: TMessage[] }>(await getThread(doctor.headers, threadId), 200);
    expect(read.messages.map((m) => m.attachments)).toEqual([[uploaded], []]);
    // Kept in PostgreSQL by default, apart from the description.
    const stored = await ctx.database.pool.query<{ bytes: Buffer }>(
      'select bytes from message_attachment_contents where attachment_id = $1',
      [uploaded._id],
    );
    expect(stored.rows[0]!.bytes).toEqual(pdf);
  });

  it('answers 404 THREAD_NOT_FOUND to someone outside the thread, and stores nothing', async () => {
    const { threadId } = await clinicalThread();
    const stranger = await signIn(ctx);
    const before = await count('message_attachments');
    const response = await upload(stranger.headers, threadId, { bytes: pdfFile() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'THREAD_NOT_FOUND',
      message: ERRORS.THREAD_NOT_FOUND.message,
    });
    // Support staff see support threads only, never a clinical one.
    expect((await upload(await supportHeaders(), threadId, { bytes: pdfFile() })).statusCode).toBe(
      404,
    );
    expect(await count('message_attachments')).toBe(before);
  });

  it('refuses 10 MB + 1 byte with 413 ATTACHMENT_TOO_LARGE and stores nothing', async () => {
    const { patient, threadId } = await clinicalThread();
    const before = await count('message_attachments');
    const big = Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 0x20);
    big.write('%PDF-1.4\n');
    const response = await upload(patient.headers, threadId, { bytes: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'ATTACHMENT_TOO_LARGE',
      message: ERRORS.ATTACHMENT_TOO_LARGE.message,
    });
    expect(await count('message_attachments')).toBe(before);
    expect(await count('message_attachment_contents')).toBe(await count('message_attachments'));
  });

  it('refuses an HTML page named .pdf and declared a PDF: 415 ATTACHMENT_TYPE_NOT_ALLOWED', async () => {
    const { patient, threadId } = await clinicalThread();
    const before = await count('message_attachments');
    const response = await upload(patient.headers, threadId, {
      bytes: Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
      name: 'results.pdf',
      type: 'application/pdf',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'ATTACHMENT_TYPE_NOT_ALLOWED',
      message: ERRORS.ATTACHMENT_TYPE_NOT_ALLOWED.message,
    });
    // A picture whose structure does not hold is refused the same way.
    const broken = jpegWithMetadata().subarray(0, 300);
    expect((await upload(patient.headers, threadId, { bytes: broken })).statusCode).toBe(415);
    expect(await count('message_attachments')).toBe(before);
  });

  it('removes a picture’s Exif with its GPS position, and names it by its real type', async () => {
    const { patient, threadId } = await clinicalThread();
    const sent = jpegWithMetadata();
    const uploaded = json<TAttachment>(
      await upload(patient.headers, threadId, {
        bytes: sent,
        name: '../../IMG_0001.png',
        type: 'image/png',
      }),
      201,
    );
    expect(uploaded).toMatchObject({ name: 'IMG_0001.jpg', type: 'image/jpeg' });
    expect(uploaded.size).toBe(plainJpeg().length);
    const fetched = await download(patient.headers, threadId, uploaded._id);
    expect(fetched.rawPayload.includes(GPS_LATITUDE)).toBe(false);
    expect(fetched.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
    expect(fetched.rawPayload).toEqual(plainJpeg());

    const png = json<TAttachment>(
      await upload(patient.headers, threadId, { bytes: pngWithMetadata(), name: 'scan.png' }),
      201,
    );
    const pngBytes = (await download(patient.headers, threadId, png._id)).rawPayload;
    expect(pngBytes.includes(Buffer.from('tEXt'))).toBe(false);
    expect(pngBytes.includes(GPS_LATITUDE)).toBe(false);
  });

  it('gives a name with any script as RFC 5987 filename*', async () => {
    const { patient, threadId } = await clinicalThread();
    const uploaded = json<TAttachment>(
      await upload(patient.headers, threadId, {
        bytes: pdfFile(),
        name: 'نتائج (1).pdf',
      }),
      201,
    );
    const fetched = await download(patient.headers, threadId, uploaded._id);
    expect(fetched.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('نتائج ')}%281%29.pdf`,
    );
  });

  it('refuses a closed thread with 409 THREAD_CLOSED, and a request without a file field with 400', async () => {
    const { doctor, patient, threadId } = await clinicalThread();
    const noField = await upload(patient.headers, threadId, { bytes: pdfFile(), field: 'upload' });
    expect(noField.statusCode).toBe(400);
    expect(noField.json()).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { file: expect.any(String) },
    });
    const asJson = await ctx.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${threadId}/attachments`,
      headers: patient.headers,
      payload: { file: 'x' },
    });
    expect(asJson.statusCode).toBe(400);
    await kit.action(doctor.headers, threadId, 'close');
    const closed = await upload(patient.headers, threadId, { bytes: pdfFile() });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'THREAD_CLOSED' });
  });

  it('reads multipart on the upload only: a message sent as multipart is 415 with the shared message', async () => {
    const { patient, threadId } = await clinicalThread();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${threadId}/messages`,
      headers: { ...patient.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="body"\r\n\r\nHi\r\n--x--\r\n',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: ERRORS.UNSUPPORTED_MEDIA_TYPE.message,
    });
  });

  it('keeps each user within their quota, unsent uploads included: 413 ATTACHMENT_QUOTA_EXCEEDED', async () => {
    const { patient, doctor, threadId } = await clinicalThread();
    const half = Buffer.alloc(600 * 1024, 0x20);
    half.write('%PDF-1.4\n');
    expect((await upload(patient.headers, threadId, { bytes: half })).statusCode).toBe(201);
    const over = await upload(patient.headers, threadId, { bytes: half });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      code: 'ATTACHMENT_QUOTA_EXCEEDED',
      message: ERRORS.ATTACHMENT_QUOTA_EXCEEDED.message,
    });
    // The quota is the uploader's own: the other side still has theirs.
    expect((await upload(doctor.headers, threadId, { bytes: half })).statusCode).toBe(201);
  });

  it('audits the upload and the download, and a refused download', async () => {
    const { doctor, patient, patientId, threadId } = await clinicalThread();
    const uploaded = json<TAttachment>(
      await upload(patient.headers, threadId, { bytes: pdfFile() }),
      201,
    );
    await download(doctor.headers, threadId, uploaded._id);
    const rows = async (actorId: string) =>
      (
        await ctx.database.pool.query<{
          action: string;
          outcome: string;
          subject_kind: string;
          subject_id: string;
          patient_id: string;
        }>(
          `select action, outcome, subject_kind, subject_id, patient_id from audit_events
           where actor_id = $1 and subject_kind = 'attachment' order by id`,
          [actorId],
        )
      ).rows;
    const subject = { subject_kind: 'attachment', subject_id: uploaded._id, patient_id: patientId };
    expect(await rows(patient.user._id)).toEqual([
      { action: 'create', outcome: 'success', ...subject },
    ]);
    expect(await rows(doctor.user._id)).toEqual([
      { action: 'read', outcome: 'denied', ...subject },
    ]);
  });
});

describe('GET /api/messages/threads/{id}/attachments/{attachmentId}', () => {
  it('answers 404 ATTACHMENT_NOT_FOUND to a stranger, through another thread, or for an unknown id', async () => {
    const { patient, doctor, threadId } = await clinicalThread();
    const other = await clinicalThread();
    const uploaded = json<TAttachment>(
      await upload(patient.headers, threadId, { bytes: pdfFile() }),
      201,
    );
    await send(patient.headers, threadId, { body: 'See attached', attachmentIds: [uploaded._id] });
    const stranger = await signIn(ctx);
    const notFound = { code: 'ATTACHMENT_NOT_FOUND', message: ERRORS.ATTACHMENT_NOT_FOUND.message };
    for (const [headers, thread, id] of [
      [stranger.headers, threadId, uploaded._id],
      [other.patient.headers, other.threadId, uploaded._id],
      [doctor.headers, threadId, crypto.randomUUID()],
      [doctor.headers, threadId, 'not-an-id'],
    ] as const) {
      const response = await download(headers, thread, id);
      expect(response.statusCode, `${thread} ${id}`).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect((await download(doctor.headers, threadId, uploaded._id)).statusCode).toBe(200);
  });
});

describe('POST /api/messages/threads/{id}/messages with attachmentIds', () => {
  const refused = {
    code: 'VALIDATION_FAILED',
    message: MESSAGE_TEXTS.attachmentNotFound,
    fieldErrors: { attachmentIds: MESSAGE_TEXTS.attachmentNotFound },
  };

  it('refuses someone else’s upload, a used one and another thread’s with 400, writing nothing', async () => {
    const { doctor, patient, patientId, threadId } = await clinicalThread();
    const { thread: second } = await startThread(patient.headers, {
      patientId,
      subject: 'Another question',
      body: 'Hello again',
    });
    const mine = json<TAttachment>(
      await upload(patient.headers, threadId, { bytes: pdfFile() }),
      201,
    );
    const doctors = json<TAttachment>(
      await upload(doctor.headers, threadId, { bytes: pdfFile() }),
      201,
    );
    const elsewhere = json<TAttachment>(
      await upload(patient.headers, second._id, { bytes: pdfFile() }),
      201,
    );
    const messagesBefore = await count('messages');
    for (const ids of [[doctors._id], [elsewhere._id], [mine._id, crypto.randomUUID()]]) {
      const response = await send(patient.headers, threadId, { body: 'Files', attachmentIds: ids });
      expect(response.statusCode, ids.join()).toBe(400);
      expect(response.json()).toEqual(refused);
    }
    expect(await count('messages')).toBe(messagesBefore);

    json<TMessage>(
      await send(patient.headers, threadId, { body: '', attachmentIds: [mine._id] }),
      201,
    );
    const used = await send(patient.headers, threadId, {
      body: 'Again',
      attachmentIds: [mine._id],
    });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual(refused);
  });

  it('needs a text or an attachment, at most 5 attachments, each a uuid', async () => {
    const { patient, threadId } = await clinicalThread();
    const empty = await send(patient.headers, threadId, { body: '  ', attachmentIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fieldErrors: { body: MESSAGE_TEXTS.bodyRequired } });
    const tooMany = await send(patient.headers, threadId, {
      attachmentIds: Array.from({ length: 6 }, () => crypto.randomUUID()),
    });
    expect(tooMany.json()).toMatchObject({
      fieldErrors: { attachmentIds: MESSAGE_TEXTS.attachmentsTooMany },
    });
    const junk = await send(patient.headers, threadId, { body: 'x', attachmentIds: ['nope'] });
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toMatchObject({
      fieldErrors: { 'attachmentIds.0': MESSAGE_TEXTS.attachmentNotFound },
    });
  });
});

describe('the sweep of unsent uploads', () => {
  it('deletes uploads not on a message after 24 hours, which then no longer count', async () => {
    const { patient, threadId } = await clinicalThread();
    const sent = json<TAttachment>(
      await upload(patient.headers, threadId, { bytes: pdfFile() }),
      201,
    );
    await send(patient.headers, threadId, { body: 'Sent', attachmentIds: [sent._id] });
    const unsent = json<TAttachment>(
      await upload(patient.headers, threadId, { bytes: pdfFile() }),
      201,
    );
    const storages = attachmentStorages(undefined);
    const sweep = (hours: number) =>
      sweepAttachments({
        db: ctx.database.db,
        storages,
        now: () => new Date(Date.now() + hours * 3_600_000),
      });
    expect(await sweep(23)).toBe(0);
    expect(await sweep(25)).toBeGreaterThanOrEqual(1);
    expect((await download(patient.headers, threadId, unsent._id)).statusCode).toBe(404);
    expect((await download(patient.headers, threadId, sent._id)).statusCode).toBe(200);
    const left = await ctx.database.pool.query(
      'select 1 from message_attachment_contents where attachment_id = $1',
      [unsent._id],
    );
    expect(left.rowCount).toBe(0);
  });
});
