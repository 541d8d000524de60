import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    diagnosedWith: text('diagnosed_with').notNull(),
    address: text('address').notNull(),
    age: integer('age').notNull(),
    bloodGroup: text('blood_group').notNull(),
    gender: text('gender').notNull(),
    email: text('email'),
    phone: text('phone').notNull(),
    emergencyPhone: text('emergency_phone').notNull(),
    hasChronicDiseases: boolean('has_chronic_diseases').notNull().default(false),
    /** Lower-cased name, diagnosis, phone and e-mail: one trigram index serves `?q=`. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name || ' ' || diagnosed_with || ' ' || phone || ' ' || coalesce(email, ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Set when moved to the trash; purged 30 days later. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    index('patients_owner_name_idx').on(table.ownerId, table.name, table.id),
    index('patients_owner_created_idx').on(table.ownerId, table.createdAt, table.id),
    index('patients_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('patients_deleted_idx')
      .on(table.deletedAt)
      .where(sql`${table.deletedAt} is not null`),
  ],
);

export type PatientRow = typeof patients.$inferSelect;
