import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.ts';

/**
 * State that every API instance must share, so nothing works only inside one process.
 *
 * A periodic job (the trash purge) is run by whichever instance first claims its period: the
 * claim is one conditional upsert on this row, so it runs once per period across instances.
 */
export const periodicJobs = pgTable('periodic_jobs', {
  name: text('name').primaryKey(),
  lastStartedAt: instant('last_started_at').notNull(),
  /** The instance that ran it last (host, process id), for operators. */
  lastStartedBy: text('last_started_by').notNull(),
  runCount: integer('run_count').notNull().default(1),
});

/**
 * The local identity provider's signing key (development only; refused in production), so
 * every instance signs and verifies with the same key. One row, created by the first instance.
 */
export const localIdentityKeys = pgTable('local_identity_keys', {
  id: text('id').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  createdAt: createdAt(),
});
