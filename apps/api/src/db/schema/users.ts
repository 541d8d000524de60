import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('users_email_idx').on(table.email)],
);

export type UserRow = typeof users.$inferSelect;
