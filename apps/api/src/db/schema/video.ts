import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { TVideoRole, TVideoSignalType } from '@portal/shared/video';
import { appointments } from './appointments.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * The video visits' signals on their way from one side of a call to the other: an offer, an
 * answer, a network candidate, a microphone or camera state. They carry network addresses, so
 * the instances tell each other only a row's id (NOTIFY) and the instance that delivers it reads
 * it here. Rows live a minute or two at most: each new signal and a periodic job delete the
 * older ones, and a call's rows go when it is left or with its appointment.
 */
export const videoSignals = pgTable(
  'video_signals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromRole: text('from_role').$type<TVideoRole>().notNull(),
    type: text('type').$type<Exclude<TVideoSignalType, 'leave'>>().notNull(),
    payload: jsonb('payload'),
    createdAt: createdAt(),
  },
  (table) => [
    index('video_signals_created_idx').on(table.createdAt),
    index('video_signals_appointment_idx').on(table.appointmentId),
    check('video_signals_role_check', sql`${table.fromRole} in ('practitioner', 'patient')`),
    check(
      'video_signals_type_check',
      sql`${table.type} in ('offer', 'answer', 'candidate', 'media')`,
    ),
  ],
);
