import { expect } from 'vitest';
import type { TMessage, TThread, TThreadWithMessages } from '@portal/shared/message-threads';
import { signIn, type AuthHeaders, type TestContext } from '../../../test/app.ts';
import { practitioner } from '../../../test/patient-resources.ts';
import { patientLinks } from '../../db/schema/patient-links.ts';

/** Test helpers of secure messages (imported by tests only). */

let counter = 0;
export const SUPPORT_EMAIL = `support-${process.pid}@example.test`;
export const SUPPORT_ENV = { SUPPORT_EMAILS: `desk@example.test, ${SUPPORT_EMAIL.toUpperCase()}` };

export function messagesTestKit(ctx: TestContext) {
  const json = <T>(
    response: { statusCode: number; body: string; json(): unknown },
    status: number,
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  };

  const postThread = (headers: AuthHeaders, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/messages/threads', headers, payload });

  const startThread = async (headers: AuthHeaders, payload: object) =>
    json<TThreadWithMessages>(await postThread(headers, payload), 201);

  const postMessage = (headers: AuthHeaders, threadId: string, body: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${threadId}/messages`,
      headers,
      payload: { body },
    });

  const write = async (headers: AuthHeaders, threadId: string, body: string) =>
    json<TMessage>(await postMessage(headers, threadId, body), 201);

  /** `POST …/attachments` with one multipart file (field `file` unless told otherwise). */
  const upload = (
    headers: AuthHeaders,
    threadId: string,
    {
      bytes,
      name = 'file.pdf',
      type = 'application/pdf',
      field = 'file',
    }: { bytes: Buffer; name?: string; type?: string; field?: string },
  ) => {
    const boundary = `----portal-test-${counter}-${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${threadId}/attachments`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  const download = (headers: AuthHeaders, threadId: string, attachmentId: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/messages/threads/${threadId}/attachments/${attachmentId}`,
      headers,
    });

  const send = (headers: AuthHeaders, threadId: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${threadId}/messages`,
      headers,
      payload,
    });

  const getThread = (headers: AuthHeaders, threadId: string, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/messages/threads/${threadId}${query}`, headers });

  const listThreads = (headers: AuthHeaders, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/messages/threads${query}`, headers });

  const inbox = async (headers: AuthHeaders, query = '') =>
    json<TThread[]>(await listThreads(headers, query), 200);

  const action = (headers: AuthHeaders, threadId: string, verb: 'read' | 'close') =>
    ctx.app.inject({ method: 'POST', url: `/api/messages/threads/${threadId}/${verb}`, headers });

  /** A practitioner, their patient, and a person linked to that patient's record. */
  const careTeam = async () => {
    counter += 1;
    const doctor = await practitioner(ctx, {
      name: `Dr Nadia Haddad ${counter}`,
      patient: { name: `Omar Haddad ${counter}` },
    });
    const patient = await signIn(ctx, { name: `Omar Haddad ${counter}` });
    await ctx.database.db.insert(patientLinks).values({
      ownerId: doctor.user._id,
      patientId: doctor.patient._id,
      userId: patient.user._id,
      relationship: 'self',
    });
    return { doctor, patient, patientId: doctor.patient._id };
  };

  let staff: Awaited<ReturnType<typeof signIn>> | undefined;
  const supportHeaders = async () =>
    (staff ??= await signIn(ctx, { email: SUPPORT_EMAIL, name: 'Sam Support' })).headers;

  return {
    json,
    postThread,
    startThread,
    postMessage,
    write,
    upload,
    download,
    send,
    getThread,
    listThreads,
    inbox,
    action,
    careTeam,
    supportHeaders,
  };
}
