import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TThreadKind } from '@portal/shared/message-threads';
import { createdAt, instant } from './columns.ts';
import { patients } from './patients.ts';
import { users } from './users.ts';

/**
 * A conversation. `clinical`: about one patient (`patient_id`), between its practitioner
 * (`owner_id`) and the people with a live link to the record; it goes with the patient when the
 * record is purged. `support`: between the user who opened it (`requester_id`) and the Support
 * staff; it goes with that account. Who may read one is decided by the messages module from
 * these columns and the live links, never stored per person.
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<TThreadKind>().notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    requesterId: uuid('requester_id').references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
    /** The newest message's time: the inboxes' order. */
    lastMessageAt: instant('last_message_at').notNull().defaultNow(),
    closedAt: instant('closed_at'),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // The practitioner's inbox and a linked person's (by patient), newest activity first.
    index('message_threads_owner_idx').on(
      table.ownerId,
      table.lastMessageAt.desc(),
      table.id.desc(),
    ),
    index('message_threads_patient_idx').on(
      table.patientId,
      table.lastMessageAt.desc(),
      table.id.desc(),
    ),
    // A requester's support threads, and the Support inbox.
    index('message_threads_requester_idx').on(
      table.requesterId,
      table.lastMessageAt.desc(),
      table.id.desc(),
    ),
    index('message_threads_support_idx')
      .on(table.lastMessageAt.desc(), table.id.desc())
      .where(sql`${table.kind} = 'support'`),
    check('message_threads_kind_check', sql`${table.kind} in ('clinical', 'support')`),
    check(
      'message_threads_parties_check',
      sql`(${table.kind} = 'clinical' and ${table.ownerId} is not null and ${table.patientId} is not null and ${table.requesterId} is null)
        or (${table.kind} = 'support' and ${table.requesterId} is not null and ${table.ownerId} is null and ${table.patientId} is null)`,
    ),
    check('message_threads_subject_check', sql`char_length(${table.subject}) <= 200`),
  ],
);

/**
 * One message of a thread. `seq` orders every message of the portal: it is the server-sent
 * event id a reconnecting stream catches up from. `is_support`: written by Support staff.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    isSupport: boolean('is_support').notNull().default(false),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('messages_thread_idx').on(table.threadId, table.createdAt.desc(), table.id.desc()),
    // The e-mail sweep reads the messages of the last day that are over 10 minutes old.
    index('messages_created_idx').on(table.createdAt),
    check('messages_body_check', sql`char_length(${table.body}) <= 5000`),
  ],
);

/** How far each reader has read a thread: messages by others after `read_at` are unread. */
export const messageReads = pgTable(
  'message_reads',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: instant('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.threadId, table.userId] })],
);

/**
 * The "you have a new message" e-mails sent: one row per message and reader, written in the
 * transaction that sends it, so a parallel sweep on another instance waits and then skips it.
 */
export const messageNotices = pgTable(
  'message_notices',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.userId] })],
);

export type MessageThreadRow = typeof messageThreads.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
