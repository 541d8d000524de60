import type {
  TAttachment,
  TMessage,
  TMessageAuthorRole,
  TThread,
} from '@portal/shared/message-threads';
import type { MessageRecord, Reader, ThreadRecord } from './messages.repository.ts';

/**
 * The answers of secure messages, built field by field from the rows, so no other column can
 * reach them: a support thread's answer has no patient field at all, and whether its writer is a
 * member is told to Support staff only.
 */

/** Whether the reader sees this support thread as the desk (not as its requester). */
export const readsAsSupport = (reader: Reader, thread: Pick<ThreadRecord, 'requesterId'>) =>
  reader.isSupportStaff && thread.requesterId !== reader.userId;

export function toThread(row: ThreadRecord, reader: Reader): TThread {
  const common = {
    _id: row.id,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    unreadCount: row.unreadCount,
  };
  if (row.kind === 'support')
    return {
      ...common,
      kind: 'support',
      requesterName: row.requesterName,
      isMember: readsAsSupport(reader, row) && row.isMember === 1,
    };
  return {
    ...common,
    kind: 'clinical',
    patientId: row.patientId!,
    patientName: row.patientName ?? '',
    practitionerName: row.practitionerName,
    practicePhone: row.practicePhone,
  };
}

function authorRole(message: MessageRecord, thread: ThreadRecord): TMessageAuthorRole {
  if (thread.kind === 'support') return message.isSupport ? 'support' : 'requester';
  return message.authorId !== null && message.authorId === thread.ownerId
    ? 'practitioner'
    : 'patient';
}

/** A message as `reader` sees it, with the files it carries (none: an empty list). */
export function toMessage(
  message: MessageRecord,
  thread: ThreadRecord,
  reader: Reader,
  attachments: TAttachment[],
): TMessage {
  return {
    _id: message.id,
    threadId: message.threadId,
    body: message.body,
    authorName: message.isSupport ? null : message.authorName,
    authorRole: authorRole(message, thread),
    isMine: message.authorId === reader.userId,
    createdAt: message.createdAt.toISOString(),
    attachments,
  };
}
