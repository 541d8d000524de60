import crypto from 'node:crypto';
import type { TCalendarFeed } from '@portal/shared/appointment';
import type { DbAndClock } from '../../db/client.ts';
import { systemClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertAuditEvents } from '../audit/audit.repository.ts';
import { calendarFeed } from './calendar.ics.ts';
import { findFeedEvents, findUserByFeedHash, setFeedHash } from './calendar.repository.ts';

/** 32 random bytes, base64url: 43 characters no one guesses. */
const SECRET_BYTES = 32;
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Only the hash is stored, so a leaked database does not leak working feed addresses. */
export const hashOf = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');

/** The secret of a feed's address, from its last segment (`<secret>.ics`, or without `.ics`). */
export const secretOf = (file: string) => file.replace(/\.ics$/, '');

export function createCalendarService({
  db,
  publicUrl,
  now = systemClock,
}: DbAndClock & {
  publicUrl: string;
}) {
  const host = new URL(publicUrl).host;
  return {
    /** A new private address; any earlier one stops working. */
    async createFeed({ userId }: { userId: string }): Promise<TCalendarFeed> {
      const secret = crypto.randomBytes(SECRET_BYTES).toString('base64url');
      await setFeedHash(db, { userId, hash: hashOf(secret) });
      return { url: new URL(`/api/calendar/${secret}.ics`, publicUrl).toString() };
    },

    async revokeFeed({ userId }: { userId: string }): Promise<void> {
      await setFeedHash(db, { userId, hash: null });
    },

    /** The feed of the secret's owner (audited as a list of their appointments), or 404. */
    async readFeed({ secret, requestId }: { secret: string; requestId: string }): Promise<string> {
      if (!SECRET_PATTERN.test(secret)) throw new AppError('NOT_FOUND');
      const user = await findUserByFeedHash(db, hashOf(secret));
      if (!user) throw new AppError('NOT_FOUND');
      const at = now();
      const events = await findFeedEvents(db, { ownerId: user.id, now: at });
      await insertAuditEvents(db, [
        { actorId: user.id, requestId, action: 'list', outcome: 'success', patientId: null },
      ]);
      return calendarFeed({
        events,
        reminderMinutes: user.reminderMinutes,
        reminderHours: user.reminderHours,
        isFullNames: user.calendarFullNames,
        host,
        now: at,
      });
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
