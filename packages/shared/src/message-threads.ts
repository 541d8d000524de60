import { z } from 'zod';
import { ZPageQuery } from './patient.ts';
import { optionalTrimmedText, requiredTrimmedText } from './text-fields.ts';
import {
  MESSAGE_SUBJECT_MAX,
  MESSAGE_BODY_MAX,
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_TEXTS,
} from './message-thread-messages.ts';

/**
 * Secure messages: threads between a patient's practitioner and the people linked to that
 * patient's record (`clinical`), and threads between any signed-in user and the Support desk
 * (`support`). Support staff read only support threads, so no answer of theirs ever carries a
 * patient.
 */

export const THREAD_KINDS = ['clinical', 'support'] as const;
export type TThreadKind = (typeof THREAD_KINDS)[number];

/** The largest file one upload takes, in bytes (10 MB). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The longest name an attachment keeps, extension included. */
export const ATTACHMENT_NAME_MAX = 200;
/** The types an attachment may have, read from its bytes. */
export const ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type TAttachmentType = (typeof ATTACHMENT_TYPES)[number];

const ZSubject = requiredTrimmedText({
  max: MESSAGE_SUBJECT_MAX,
  required: MESSAGE_TEXTS.subjectRequired,
  tooLong: MESSAGE_TEXTS.subjectTooLong,
  invalid: MESSAGE_TEXTS.subjectInvalid,
}).describe('One line, at most 200 characters');

const ZBody = requiredTrimmedText({
  max: MESSAGE_BODY_MAX,
  required: MESSAGE_TEXTS.bodyRequired,
  tooLong: MESSAGE_TEXTS.bodyTooLong,
  invalid: MESSAGE_TEXTS.bodyInvalid,
  isMultiLine: true,
}).describe('At most 5,000 characters; line breaks are kept');

/**
 * `POST /api/messages/threads`: about one patient (`patientId`: the practitioner's own patient,
 * or one the caller is linked to), or to Support (`support: true`). Exactly one of the two.
 */
export const ZThreadInput = z
  .strictObject({
    patientId: z
      .uuid({ error: MESSAGE_TEXTS.recipientRequired })
      .optional()
      .describe('The patient the conversation is about (clinical threads)'),
    support: z
      .literal(true, { error: MESSAGE_TEXTS.recipientRequired })
      .optional()
      .describe('`true` to write to the Support desk instead'),
    subject: ZSubject,
    body: ZBody.describe('The first message'),
  })
  .superRefine((input, ctx) => {
    if ((input.patientId === undefined) === (input.support === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['patientId'],
        message: MESSAGE_TEXTS.recipientRequired,
      });
  });
export type TThreadInput = z.infer<typeof ZThreadInput>;

/**
 * `POST /api/messages/threads/{id}/messages`: a text, files uploaded to the thread beforehand
 * (`POST …/attachments`), or both. Without an attachment the text is required.
 */
export const ZMessageInput = z
  .strictObject({
    body: optionalTrimmedText({
      max: MESSAGE_BODY_MAX,
      tooLong: MESSAGE_TEXTS.bodyTooLong,
      invalid: MESSAGE_TEXTS.bodyInvalid,
      isMultiLine: true,
    }).describe('At most 5,000 characters; line breaks are kept. May be empty with an attachment'),
    attachmentIds: z
      .array(z.uuid({ error: MESSAGE_TEXTS.attachmentNotFound }), {
        error: MESSAGE_TEXTS.attachmentNotFound,
      })
      .max(MESSAGE_ATTACHMENTS_MAX, { error: MESSAGE_TEXTS.attachmentsTooMany })
      .optional()
      .describe(
        'At most 5 of my own uploads to this thread not yet on a message (`POST …/attachments`)',
      ),
  })
  .superRefine((input, ctx) => {
    if (input.body === '' && !input.attachmentIds?.length)
      ctx.addIssue({ code: 'custom', path: ['body'], message: MESSAGE_TEXTS.bodyRequired });
  });
export type TMessageInput = z.input<typeof ZMessageInput>;

/** An uploaded file as every answer shows it: never its bytes, which have their own address. */
export const ZAttachment = z.object({
  _id: z.uuid(),
  name: z
    .string()
    .describe(
      'The file’s name, cleaned: no folder, no control or direction characters, at most 200 characters, its extension that of its type',
    ),
  type: z.enum(ATTACHMENT_TYPES).describe('Read from the file’s bytes, never from its name'),
  size: z.number().int().describe('In bytes, after a picture’s metadata was removed'),
});
export type TAttachment = z.infer<typeof ZAttachment>;

/** Who wrote a message, as the reader sees it. */
export const MESSAGE_AUTHOR_ROLES = ['practitioner', 'patient', 'requester', 'support'] as const;
export type TMessageAuthorRole = (typeof MESSAGE_AUTHOR_ROLES)[number];

export const ZMessage = z.object({
  _id: z.uuid(),
  threadId: z.uuid(),
  body: z.string(),
  authorName: z
    .string()
    .nullable()
    .describe('The author’s name; null once the account is gone, and for Support’s answers'),
  authorRole: z
    .enum(MESSAGE_AUTHOR_ROLES)
    .describe(
      '`practitioner` or `patient` (a person linked to the record) in a clinical thread; `requester` or `support` in a support thread',
    ),
  isMine: z.boolean(),
  createdAt: z.string(),
  attachments: z.array(ZAttachment).describe('The files it carries, in the order attached'),
});
export type TMessage = z.infer<typeof ZMessage>;

const threadCommon = {
  _id: z.uuid(),
  subject: z.string(),
  createdAt: z.string(),
  lastMessageAt: z.string().describe('When the newest message was written'),
  closedAt: z
    .string()
    .nullable()
    .describe('When it was closed; a closed thread takes no new message'),
  unreadCount: z.number().int().describe('Messages by others the reader has not marked read'),
};

/** A thread about one patient, between the practitioner and the people linked to the record. */
export const ZClinicalThread = z.object({
  ...threadCommon,
  kind: z.literal('clinical'),
  patientId: z.uuid(),
  patientName: z.string(),
  practitionerName: z.string().nullable(),
  practicePhone: z
    .string()
    .nullable()
    .describe('The practitioner’s practice phone (their practice profile), null when none'),
});

/**
 * A thread with the Support desk. `isMember`: the writer has Premier (its priority support);
 * told to Support staff only, false to the writer. Never a patient.
 */
export const ZSupportThread = z.object({
  ...threadCommon,
  kind: z.literal('support'),
  requesterName: z.string().nullable(),
  isMember: z.boolean(),
});

export const ZThread = z.discriminatedUnion('kind', [ZClinicalThread, ZSupportThread]);
export type TThread = z.infer<typeof ZThread>;

/** `GET /api/messages/threads?box=&cursor=&limit=`. */
export const ZThreadListQuery = ZPageQuery.extend({
  box: z
    .enum(['mine', 'support'], { error: 'box must be mine or support' })
    .default('mine')
    .describe(
      '`mine`: the caller’s own threads; `support`: every support thread, for Support staff only (members’ first)',
    ),
  patientId: z
    .uuid({ error: 'patientId must be a patient id' })
    .optional()
    .describe(
      'Only the clinical threads about this patient that I may read (none for anyone else’s patient)',
    ),
});
export type TThreadListQuery = z.input<typeof ZThreadListQuery>;

/** `GET /api/messages/threads/{id}?cursor=&limit=`: the thread and a page of its messages. */
export const ZThreadWithMessages = z.object({
  thread: ZThread,
  messages: z.array(ZMessage).describe('Newest first; the `Link` header pages to older ones'),
});
export type TThreadWithMessages = z.infer<typeof ZThreadWithMessages>;

/** What the stream sends (`GET /api/messages/stream`), one server-sent event each. */
export const STREAM_EVENTS = ['message', 'read', 'closed'] as const;
export type TStreamEvent = (typeof STREAM_EVENTS)[number];

export { MESSAGE_SUBJECT_MAX, MESSAGE_BODY_MAX, MESSAGE_ATTACHMENTS_MAX, MESSAGE_TEXTS };
