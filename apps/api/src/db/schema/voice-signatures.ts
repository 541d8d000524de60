import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

/**
 * The signatures of the provider's requests already accepted, so the same signed body cannot
 * be sent again while its signature is still within the time it is accepted (a cancelled
 * booking booked again by resending the call). In the database, not in memory, so a request
 * replayed against another instance is refused too. `replay_key` is a hash of the signature's
 * digest; a row past `expires_at` is useless (the signature is refused as too old anyway) and
 * is deleted by the next insert.
 */
export const voiceSignatures = pgTable(
  'voice_signatures',
  {
    replayKey: text('replay_key').primaryKey(),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [index('voice_signatures_expires_idx').on(table.expiresAt)],
);
