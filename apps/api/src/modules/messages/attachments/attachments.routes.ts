import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  ZAttachment,
} from '@portal/shared/message-threads';
import { ZApiError } from '../../../lib/api-error-schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import { ZDocument } from '../../../lib/response-schemas.ts';
import { actorOf, ZItemId, ZRecordParams } from '../../audit/owned-records.http.ts';
import { isSupportStaff } from '../messages.routes.ts';
import type { MessageReader } from '../messages.service.ts';
import type { AttachmentService, ReceivedFile } from './attachments.service.ts';

const ZAttachmentParams = ZRecordParams('thread').extend({
  attachmentId: ZItemId('attachment'),
});

/** Documents the multipart body; the file itself is read from the stream, not validated here. */
const ZUploadBody = z
  .object({
    file: z
      .string()
      .meta({ format: 'binary' })
      .describe('The file: a PDF, a JPEG or a PNG picture of at most 10 MB (10,485,760 bytes)'),
  })
  // The file is not parsed into a body (it is read from the stream), so the body is null.
  .nullish();

const PARTICIPANTS =
  'Participants of the thread only (anyone else, or an unknown thread: 404 `THREAD_NOT_FOUND`).';
const FILE_FIELD_MESSAGE = 'Send one file as multipart/form-data, in a field named file.';

/** The multipart file of the request, read at most once and only when the service asks. */
async function receivedFile(request: FastifyRequest): Promise<ReceivedFile> {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch {
    throw new AppError('BAD_REQUEST', {
      message: FILE_FIELD_MESSAGE,
      fieldErrors: { file: FILE_FIELD_MESSAGE },
    });
  }
  if (!part || part.fieldname !== 'file')
    throw new AppError('BAD_REQUEST', {
      message: FILE_FIELD_MESSAGE,
      fieldErrors: { file: FILE_FIELD_MESSAGE },
    });
  return {
    name: part.filename,
    async read() {
      try {
        return await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('ATTACHMENT_TOO_LARGE');
        throw error;
      }
    },
  };
}

/** `filename*` of RFC 5987 / 6266: UTF-8, percent-encoded, safe in a header whatever the name. */
export const contentDisposition = (name: string) =>
  `attachment; filename*=UTF-8''${encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  )}`;

/**
 * Upload and download of a thread's files. Registered in a scope of its own, the only one
 * where `multipart/form-data` is read.
 */
export function attachmentRoutes(
  app: FastifyInstance,
  {
    attachments,
    supportEmails,
  }: { attachments: AttachmentService; supportEmails: readonly string[] },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  const readerOf = async (request: FastifyRequest): Promise<MessageReader> => ({
    actor: await actorOf(request),
    isSupportStaff: isSupportStaff(request, supportEmails),
  });

  typed.post(
    '/api/messages/threads/:id/attachments',
    {
      schema: {
        tags,
        summary: 'Upload a file to a conversation, to send it with a message',
        description: `${PARTICIPANTS} \`multipart/form-data\` with one file in the field \`file\`. Its type is read from its bytes (PDF, JPEG or PNG; anything else, whatever its name, or a damaged picture: 415 \`ATTACHMENT_TYPE_NOT_ALLOWED\`); over 10 MB: 413 \`ATTACHMENT_TOO_LARGE\`; past the uploader's storage quota (\`MESSAGE_ATTACHMENT_QUOTA_MB\`, uploads not yet sent included): 413 \`ATTACHMENT_QUOTA_EXCEEDED\`. Nothing is stored on any refusal. A picture loses its metadata (Exif with any GPS position, XMP, IPTC, comments, text chunks); the name loses any folder and control or direction characters, keeps at most 200 characters and takes the extension of the real type. A closed thread takes no file: 409 \`THREAD_CLOSED\`. Answers \`{ _id, name, type, size }\`: send \`_id\` in a message's \`attachmentIds\` within 24 hours, after which an unsent upload is deleted. 60 writes a minute. Audited.`,
        consumes: ['multipart/form-data'],
        params: ZRecordParams('thread'),
        body: ZUploadBody,
        response: {
          201: ZAttachment,
          400: ZApiError,
          401: ZApiError,
          404: ZApiError,
          409: ZApiError,
          413: ZApiError,
          415: ZApiError,
        },
      },
      config: {
        rateLimit: {
          max: 60,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `message-write:${request.identity.uid}`,
        },
      },
    },
    async (request, reply) => {
      const declared = Number(request.headers['content-length']);
      // A body far past the limit is refused before a byte of it is read.
      if (declared > ATTACHMENT_MAX_BYTES + 64 * 1024) throw new AppError('ATTACHMENT_TOO_LARGE');
      const attachment = await attachments.upload({
        reader: await readerOf(request),
        threadId: request.params.id,
        receive: () => receivedFile(request),
      });
      return reply.code(201).send(attachment);
    },
  );

  typed.get(
    '/api/messages/threads/:id/attachments/:attachmentId',
    {
      schema: {
        tags,
        summary: 'Download a file of a conversation',
        description:
          "The file’s bytes with its real `Content-Type`, `Content-Disposition: attachment; filename*=UTF-8''…` (RFC 5987), `X-Content-Type-Options: nosniff` and `Cache-Control: no-store`: the browser saves it and never shows it as a page. For the thread’s participants once the file is on a message; before that, for its uploader only. Anyone else, an unknown thread or file: 404 `ATTACHMENT_NOT_FOUND`. Audited (`read`).",
        params: ZAttachmentParams,
        produces: [...ATTACHMENT_TYPES],
        response: {
          200: ZDocument('The file: application/pdf, image/jpeg or image/png'),
          400: ZApiError,
          401: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const { attachment, bytes } = await attachments.download({
        reader: await readerOf(request),
        threadId: request.params.id,
        attachmentId: request.params.attachmentId,
      });
      return reply
        .header('content-type', attachment.type)
        .header('content-disposition', contentDisposition(attachment.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
}
