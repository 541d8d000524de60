import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.ts';
import { userReference } from './users.ts';

/**
 * A voice call bound to the signed-in user who started it: the agent's functions act
 * only for this user, only while the call is live (not ended, under two hours old), and only for
 * the agent it was started with. Nothing else about the user is kept here; `language` is the
 * call's (the portal's language when it started), so the function answers speak it.
 */
export const voiceCalls = pgTable(
  'voice_calls',
  {
    callId: text('call_id').primaryKey(),
    userId: userReference('user_id'),
    agentId: text('agent_id').notNull(),
    language: text('language').notNull(),
    startedAt: instant('started_at').notNull().defaultNow(),
    /** Set by Retell's `call_ended` webhook. */
    endedAt: instant('ended_at'),
  },
  (table) => [index('voice_calls_user_idx').on(table.userId, table.startedAt)],
);

/**
 * Which requests of the function route acted for which call. A trigger of the migration (0005)
 * copies the call id into every audit event those requests write (`audit_events.voice_call_id`),
 * so the services' own audit rows are marked as coming from a voice call without the services
 * knowing about voice at all.
 */
export const voiceCallRequests = pgTable('voice_call_requests', {
  requestId: text('request_id').primaryKey(),
  callId: text('call_id')
    .notNull()
    .references(() => voiceCalls.callId, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export type VoiceCallRow = typeof voiceCalls.$inferSelect;
