import { timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns every table writes the same way, so a new table cannot get them subtly different
 * (a timestamp without its time zone, an owner that outlives its user).
 */

/** An instant: UTC `timestamptz` to the millisecond, what a JavaScript `Date` holds. */
export function instant(name: string) {
  return timestamp(name, { withTimezone: true, precision: 3 });
}

/** When the row was written. */
export function createdAt() {
  return instant('created_at').notNull().defaultNow();
}

/** When the row was written, and when it last changed. */
export function timestamps() {
  return { createdAt: createdAt(), updatedAt: instant('updated_at').notNull().defaultNow() };
}
