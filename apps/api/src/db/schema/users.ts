import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_WORKING_HOURS, type TWorkingHours } from '@portal/shared/profile';
import { timestamps } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The identity provider's subject (`sub`), prefixed by provider: `firebase:…`, `local:…`. */
    uid: text('uid').notNull().unique(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    picture: text('picture'),
    age: integer('age'),
    gender: text('gender'),
    address: text('address'),
    phone: text('phone'),
    isPremium: boolean('premium_member').notNull().default(false),
    /** IANA name from the browser at sign-in; null until then (treated as UTC). */
    timeZone: text('time_zone'),
    workingHours: jsonb('working_hours')
      .$type<TWorkingHours>()
      .notNull()
      .default(DEFAULT_WORKING_HOURS),
    /** Calendar-feed reminder, minutes before; null for none. */
    reminderMinutes: integer('reminder_minutes').default(15),
    calendarFullNames: boolean('calendar_full_names').notNull().default(false),
    /** The portal's reminders (bell, e-mail), hours before each appointment; null for none. */
    reminderHours: integer('reminder_hours').default(24),
    /** SHA-256 (hex) of the calendar feed's secret; the secret itself is never stored. */
    calendarFeedHash: text('calendar_feed_hash').unique(),
    ...timestamps(),
  },
  (table) => [index('users_email_idx').on(table.email)],
);

/** A user's id in another table's row: the row goes with the user. */
export function userReference<TName extends string>(name: TName) {
  return uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}

/** A row of one user's, its random id first: it goes with its owner. */
export function ownedRow() {
  return { id: uuid('id').primaryKey().defaultRandom(), ownerId: userReference('owner_id') };
}

export type UserRow = typeof users.$inferSelect;
