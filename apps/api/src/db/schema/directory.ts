import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TAppointmentKind } from '@portal/shared/appointment';
import type { TFacilityKind, TOnlineBooking, TReviewStatus } from '@portal/shared/directory';
import { createdAt, instant, timestamps } from './columns.ts';
import { ownedRow, userReference, users } from './users.ts';

const reviewColumns = () => ({
  reviewStatus: text('review_status').$type<TReviewStatus>().notNull().default('pending'),
  /** The reviewer's reason, kept while rejected. */
  rejectionReason: text('rejection_reason'),
  reviewedAt: instant('reviewed_at'),
  reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
});

const reviewStatusCheck = (name: string, column: unknown) =>
  check(name, sql`${column} in ('pending', 'approved', 'rejected')`);

/**
 * A clinic, hospital or pharmacy, owned by the user who made it. Public only once approved; a
 * change of its fields makes it pending again.
 */
export const facilities = pgTable(
  'facilities',
  {
    ...ownedRow(),
    kind: text('kind').$type<TFacilityKind>().notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    phone: text('phone'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    ...reviewColumns(),
    ...timestamps(),
  },
  (table) => [
    index('facilities_owner_idx').on(table.ownerId),
    // The public search: name fragments (trigram), and a city as written, ignoring case.
    index('facilities_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('facilities_approved_name_idx')
      .on(table.name, table.id)
      .where(sql`${table.reviewStatus} = 'approved'`),
    index('facilities_approved_city_idx')
      .on(sql`lower(${table.city})`, table.name, table.id)
      .where(sql`${table.reviewStatus} = 'approved'`),
    index('facilities_pending_idx')
      .on(table.updatedAt)
      .where(sql`${table.reviewStatus} = 'pending'`),
    check('facilities_kind_check', sql`${table.kind} in ('clinic', 'hospital', 'pharmacy')`),
    check('facilities_name_check', sql`char_length(${table.name}) between 1 and 200`),
    check('facilities_address_check', sql`char_length(${table.address}) between 1 and 300`),
    check('facilities_city_check', sql`char_length(${table.city}) between 1 and 100`),
    check('facilities_country_check', sql`${table.country} ~ '^[A-Z]{2}$'`),
    check('facilities_phone_check', sql`${table.phone} ~ '^\\+[1-9][0-9]{1,14}$'`),
    check(
      'facilities_coordinates_check',
      sql`(${table.lat} is null) = (${table.lng} is null) and ${table.lat} between -90 and 90 and ${table.lng} between -180 and 180`,
    ),
    reviewStatusCheck('facilities_review_status_check', table.reviewStatus),
  ],
);

/**
 * A staff member of a facility: invited by e-mail with a one-time code (only its hash kept),
 * then the account that accepted it (`user_id`, `accepted_at`). Removing one deletes the row.
 */
export const facilityStaff = pgTable(
  'facility_staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** SHA-256 (hex) of the code; the code itself is never stored. */
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    acceptedAt: instant('accepted_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('facility_staff_facility_idx').on(table.facilityId, table.createdAt),
    uniqueIndex('facility_staff_member_key').on(table.facilityId, table.userId),
    index('facility_staff_user_idx').on(table.userId),
    check(
      'facility_staff_accepted_check',
      sql`(${table.userId} is null) = (${table.acceptedAt} is null)`,
    ),
  ],
);

/**
 * A practitioner's opt-in listing, one per user. `public_id` is what the directory answers as
 * its id: random, so a public card never tells the account's id. `name` and `city_key` are
 * kept by triggers (migration 0026) from the user's name, the approved facility's city or else
 * the practice's: the public search filters and sorts on this table alone.
 */
export const directoryListings = pgTable(
  'directory_listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userReference('user_id').unique(),
    publicId: uuid('public_id').notNull().unique().defaultRandom(),
    listed: boolean('listed').notNull().default(false),
    facilityId: uuid('facility_id').references(() => facilities.id, { onDelete: 'set null' }),
    specialties: text('specialties')
      .array()
      .notNull()
      .default(sql`'{}'`),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'`),
    bio: text('bio').notNull().default(''),
    visitKinds: text('visit_kinds')
      .array()
      .$type<TAppointmentKind[]>()
      .notNull()
      .default(sql`'{}'`),
    onlineBooking: text('online_booking').$type<TOnlineBooking>().notNull().default('off'),
    /** The practitioner's name, as `users.name` (trigger). */
    name: text('name').notNull().default(''),
    /** lower() of the approved facility's city, else the practice's (trigger). */
    cityKey: text('city_key'),
    ...reviewColumns(),
    ...timestamps(),
  },
  (table) => [
    // The public search reads approved, listed rows only; codes are matched by array overlap.
    index('directory_listings_specialties_idx')
      .using('gin', table.specialties)
      .where(sql`${table.listed} and ${table.reviewStatus} = 'approved'`),
    index('directory_listings_public_name_idx')
      .on(table.name, table.publicId)
      .where(sql`${table.listed} and ${table.reviewStatus} = 'approved'`),
    index('directory_listings_public_city_idx')
      .on(table.cityKey, table.name, table.publicId)
      .where(sql`${table.listed} and ${table.reviewStatus} = 'approved'`),
    index('directory_listings_name_trgm_idx')
      .using('gin', sql`${table.name} gin_trgm_ops`)
      .where(sql`${table.listed} and ${table.reviewStatus} = 'approved'`),
    index('directory_listings_facility_idx').on(table.facilityId),
    index('directory_listings_pending_idx')
      .on(table.updatedAt)
      .where(sql`${table.listed} and ${table.reviewStatus} = 'pending'`),
    check('directory_listings_bio_check', sql`char_length(${table.bio}) <= 1000`),
    check(
      'directory_listings_online_booking_check',
      sql`${table.onlineBooking} in ('off', 'request', 'instant')`,
    ),
    reviewStatusCheck('directory_listings_review_status_check', table.reviewStatus),
  ],
);

export type FacilityRow = typeof facilities.$inferSelect;
export type FacilityStaffRow = typeof facilityStaff.$inferSelect;
export type DirectoryListingRow = typeof directoryListings.$inferSelect;
