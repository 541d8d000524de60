import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPageQuery } from '@portal/shared/patient';
import {
  ZMessage,
  ZMessageInput,
  ZThread,
  ZThreadInput,
  ZThreadListQuery,
  ZThreadWithMessages,
} from '@portal/shared/message-threads';
import { ZApiError } from '../../lib/api-error-schema.ts';
import { sendPage } from '../../lib/paging.ts';
import { actorOf, ZRecordParams } from '../audit/owned-records.http.ts';
import type { MessageReader, MessageService } from './messages.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };
const ZThreadParams = ZRecordParams('thread');
const PARTICIPANTS =
  'Participants only: the patient’s practitioner and the people with a live link to the record (a clinical thread), or its writer and Support staff (a support thread). Anyone else, someone whose link has ended, a patient in the trash or a missing id: 404 `THREAD_NOT_FOUND`. Audited.';
/** Far above what a person writing needs; stops scripted write loops. */
const WRITES_PER_MINUTE = 60;
const perUser = {
  rateLimit: {
    max: WRITES_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `message-write:${request.identity.uid}`,
  },
};

/** Whether the signed-in account answers the Support desk: its verified e-mail is listed. */
export function isSupportStaff(request: FastifyRequest, supportEmails: readonly string[]) {
  const { email, isEmailVerified } = request.identity;
  return isEmailVerified && supportEmails.includes(email.toLowerCase());
}

/** Threads and their messages, for both sides of a patient record and for the Support desk. */
export function messageRoutes(
  app: FastifyInstance,
  { messages, supportEmails }: { messages: MessageService; supportEmails: readonly string[] },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  const readerOf = async (request: FastifyRequest): Promise<MessageReader> => ({
    actor: await actorOf(request),
    isSupportStaff: isSupportStaff(request, supportEmails),
  });
  const auditInvalid = async (request: FastifyRequest, _reply: unknown, error: Error) => {
    if ((error as { validationContext?: string }).validationContext !== 'body') return;
    try {
      await messages.recordInvalidAttempt({
        actor: await actorOf(request),
        id: (request.params as { id?: string } | undefined)?.id,
      });
    } catch (auditError) {
      request.log.error({ err: auditError }, 'audit of an invalid attempt failed');
    }
  };

  typed.get(
    '/api/messages/threads',
    {
      schema: {
        tags,
        summary: 'My conversations, newest activity first, with unread counts',
        description:
          '`box=mine` (the default): the clinical threads of my patients and of the records I am linked to, and my threads with Support. `box=support`, for Support staff only (`SUPPORT_EMAILS`, matched on the verified e-mail; anyone else: 404 `ROUTE_NOT_FOUND`): every support thread, members’ first (`isMember`), never a clinical one. `patientId`: only the clinical threads about that patient which I may read (the video call and the patient’s page show the newest); for a patient that is not mine or linked to me, an empty list. Paged by `Link: <…>; rel="next"`, with `X-Total-Count`. Audited (`list`).',
        querystring: ZThreadListQuery,
        response: { 200: z.array(ZThread), ...errors },
      },
    },
    async (request, reply) => {
      const { box, patientId, ...page } = request.query;
      return sendPage(
        request,
        reply,
        await messages.listThreads({ reader: await readerOf(request), box, patientId, page }),
      );
    },
  );

  typed.post(
    '/api/messages/threads',
    {
      schema: {
        tags,
        summary: 'Start a conversation about a patient, or with Support',
        description:
          '`patientId`: a patient of mine (not in the trash), or one I have a live link to; anyone else’s is 404 `PATIENT_NOT_FOUND`. `support: true`: a thread with the Support desk, for anyone signed in. Answers the thread and its first message. 60 writes a minute. Audited.',
        body: ZThreadInput,
        response: { 201: ZThreadWithMessages, ...errors },
      },
      config: perUser,
      onError: auditInvalid,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await messages.createThread({ reader: await readerOf(request), input: request.body }),
        ),
  );

  typed.get(
    '/api/messages/threads/:id',
    {
      schema: {
        tags,
        summary: 'A conversation and a page of its messages, newest first',
        description: `${PARTICIPANTS} Older messages by \`Link: <…>; rel="next"\`; \`X-Total-Count\` counts the thread’s messages. Reading does not mark it read (\`POST …/read\` does).`,
        params: ZThreadParams,
        querystring: ZPageQuery,
        response: { 200: ZThreadWithMessages, ...errors },
      },
    },
    async (request, reply) => {
      const { thread, page } = await messages.getThread({
        reader: await readerOf(request),
        id: request.params.id,
        page: request.query,
      });
      return { thread, messages: sendPage(request, reply, page) };
    },
  );

  typed.post(
    '/api/messages/threads/:id/messages',
    {
      schema: {
        tags,
        summary: 'Write in a conversation',
        description: `${PARTICIPANTS} \`attachmentIds\`: at most 5 files I uploaded to this thread (\`POST …/attachments\`) and have not sent yet; any other id (someone else’s upload, one already sent, another thread’s, an unknown one) is 400 with \`fieldErrors.attachmentIds\` and nothing is written. The text may be empty when there is an attachment. A closed thread takes no message: 409 \`THREAD_CLOSED\`. The other participants’ streams receive it at once. 60 writes a minute.`,
        params: ZThreadParams,
        body: ZMessageInput,
        response: { 201: ZMessage, ...errors, 409: ZApiError },
      },
      config: perUser,
      onError: auditInvalid,
    },
    async (request, reply) =>
      reply.code(201).send(
        await messages.postMessage({
          reader: await readerOf(request),
          id: request.params.id,
          body: request.body.body,
          attachmentIds: request.body.attachmentIds,
        }),
      ),
  );

  typed.post(
    '/api/messages/threads/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark a conversation read up to its newest message',
        description: `${PARTICIPANTS} Answers the thread with its unread count (0). Audited (\`mark_read\`).`,
        params: ZThreadParams,
        response: { 200: ZThread, ...errors },
      },
    },
    async (request) =>
      messages.markRead({ reader: await readerOf(request), id: request.params.id }),
  );

  typed.post(
    '/api/messages/threads/:id/close',
    {
      schema: {
        tags,
        summary: 'Close a conversation: it takes no new message',
        description: `${PARTICIPANTS} A clinical thread is closed by its practitioner, a support thread by Support staff; any other participant gets 403 \`FORBIDDEN\`. Already closed: 409 \`THREAD_CLOSED\`. Audited (\`close\`).`,
        params: ZThreadParams,
        response: { 200: ZThread, ...errors, 403: ZApiError, 409: ZApiError },
      },
    },
    async (request) =>
      messages.closeThread({ reader: await readerOf(request), id: request.params.id }),
  );
}
