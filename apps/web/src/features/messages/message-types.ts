import type { TMessage, TThread } from '@portal/shared/message-threads';

/** The messages' answers as this feature reads them: the shared schemas under the feature's names. */
export {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  MESSAGE_ATTACHMENTS_MAX as ATTACHMENTS_PER_MESSAGE_MAX,
} from '@portal/shared/message-threads';
export type {
  TAttachment,
  TAttachmentType,
  TMessageInput,
  TThreadWithMessages,
} from '@portal/shared/message-threads';

export type TThreadMessage = TMessage;
export type TMessageThread = TThread;

/** The refusals of an upload, each told beside its file. */
export const ATTACHMENT_REFUSALS = [
  'ATTACHMENT_TOO_LARGE',
  'ATTACHMENT_TYPE_NOT_ALLOWED',
  'ATTACHMENT_QUOTA_EXCEEDED',
] as const;
export type TAttachmentRefusal = (typeof ATTACHMENT_REFUSALS)[number];
