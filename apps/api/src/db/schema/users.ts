import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
    // The Practice section (see @portal/shared/practice): every field optional.
    practiceName: text('practice_name'),
    practiceStreet: text('practice_street'),
    practicePostalCode: text('practice_postal_code'),
    practiceCity: text('practice_city'),
    /** ISO 3166-1 alpha-2; also the region a phone number without + is read in. */
    practiceCountry: text('practice_country'),
    /** E.164, like every phone stored from then on. */
    practicePhone: text('practice_phone'),
    /** The prescriber's professional registration number, printed on prescriptions. */
    registrationNumber: text('registration_number'),
    cancellationNoticeHours: integer('cancellation_notice_hours'),
    /**
     * The kinds of notice the user turned on or off, by kind (`@portal/shared/notice-preferences`);
     * a kind not in it is e-mailed. Read and written by `modules/users/notices.*.ts` only.
     */
    noticePreferences: jsonb('notice_preferences')
      .$type<Record<string, boolean>>()
      .notNull()
      .default({}),
    ...timestamps(),
  },
  (table) => [
    index('users_email_idx').on(table.email),
    check('users_practice_name_check', sql`char_length(${table.practiceName}) <= 200`),
    check('users_practice_street_check', sql`char_length(${table.practiceStreet}) <= 300`),
    check('users_practice_postal_code_check', sql`char_length(${table.practicePostalCode}) <= 20`),
    check('users_practice_city_check', sql`char_length(${table.practiceCity}) <= 100`),
    check('users_practice_country_check', sql`${table.practiceCountry} ~ '^[A-Z]{2}$'`),
    check('users_practice_phone_check', sql`${table.practicePhone} ~ '^\\+[1-9][0-9]{1,14}$'`),
    check('users_registration_number_check', sql`char_length(${table.registrationNumber}) <= 50`),
    check(
      'users_cancellation_notice_hours_check',
      sql`${table.cancellationNoticeHours} between 0 and 168`,
    ),
    check(
      'users_notice_preferences_check',
      sql`jsonb_typeof(${table.noticePreferences}) = 'object'`,
    ),
  ],
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
