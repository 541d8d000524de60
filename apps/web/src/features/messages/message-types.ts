import type { TMessage, TThread } from '@portal/shared/message-threads';

/**
 * The messages' answers as this feature reads them: the shared schemas plus what the attachments'
 * routes add (each message's `attachments`, a clinical thread's `practicePhone`). Once those fields
 * are in `@portal/shared/message-threads`, these types become the shared ones.
 */

/** What may be attached to a message, checked by the API from the bytes. */
export const ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type TAttachmentType = (typeof ATTACHMENT_TYPES)[number];
/** The largest file the API takes (10 MB). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The most files one message carries. */
export const ATTACHMENTS_PER_MESSAGE_MAX = 5;

/** `POST /api/messages/threads/{threadId}/attachments` answers this (201). */
export interface TAttachment {
  _id: string;
  name: string;
  type: TAttachmentType;
  size: number;
}

export type TThreadMessage = TMessage & { attachments: TAttachment[] };

export type TMessageThread =
  | (Extract<TThread, { kind: 'clinical' }> & {
      /** The practice's phone, named in the note that messages are not for emergencies. */
      practicePhone: string | null;
    })
  | Extract<TThread, { kind: 'support' }>;

export interface TThreadWithMessages {
  thread: TMessageThread;
  messages: TThreadMessage[];
}

/** `POST /api/messages/threads/{id}/messages`: the body may be empty when files are attached. */
export interface TMessageInput {
  body: string;
  attachmentIds?: string[];
}

/** The refusals of an upload, each told beside its file. */
export const ATTACHMENT_REFUSALS = [
  'ATTACHMENT_TOO_LARGE',
  'ATTACHMENT_TYPE_NOT_ALLOWED',
  'ATTACHMENT_QUOTA_EXCEEDED',
] as const;
export type TAttachmentRefusal = (typeof ATTACHMENT_REFUSALS)[number];
