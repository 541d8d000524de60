import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { TAttachmentType } from '@portal/shared/message-threads';
import { createdAt } from './columns.ts';
import { messageThreads, messages } from './messages.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * A file uploaded to a thread. Until `message_id` is set only its uploader may use it (attach it
 * to a message, download it); unsent ones are deleted after a day. It goes with its thread, and
 * with its message. `stored_in`: where its bytes are (`database`: the next table; `folder`: a
 * file named by the row's id in `MESSAGE_ATTACHMENTS_DIR`).
 */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    // Kept on a sent message when the uploader's account goes, as the message is.
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<TAttachmentType>().notNull(),
    size: integer('size').notNull(),
    storedIn: text('stored_in').$type<'database' | 'folder'>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('message_attachments_message_idx').on(table.messageId),
    // The quota (a user's bytes) and the sweep of unsent uploads.
    index('message_attachments_uploader_idx').on(table.uploaderId),
    index('message_attachments_unsent_idx')
      .on(table.createdAt)
      .where(sql`${table.messageId} is null`),
    index('message_attachments_thread_idx').on(table.threadId),
    check(
      'message_attachments_type_check',
      sql`${table.type} in ('application/pdf', 'image/jpeg', 'image/png')`,
    ),
    check('message_attachments_stored_in_check', sql`${table.storedIn} in ('database', 'folder')`),
    check('message_attachments_size_check', sql`${table.size} between 0 and 10485760`),
    check('message_attachments_name_check', sql`char_length(${table.name}) between 1 and 200`),
  ],
);

/**
 * The bytes of the attachments kept in PostgreSQL, apart from their description, so that no
 * query of threads, messages or attachment lists ever reads them.
 */
export const messageAttachmentContents = pgTable('message_attachment_contents', {
  attachmentId: uuid('attachment_id')
    .primaryKey()
    .references(() => messageAttachments.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});

export type MessageAttachmentRow = typeof messageAttachments.$inferSelect;
