import { eq, sql, type SQL } from 'drizzle-orm';
import type { TNoticeKind, TNoticePreferences } from '@portal/shared/notice-preferences';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/** The user's stored choices, by kind; undefined when there is no such user. */
export async function findNoticeChoices(
  db: Db,
  userId: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ choices: users.noticePreferences })
    .from(users)
    .where(eq(users.id, userId));
  return row?.choices;
}

/** Replaces the user's choices; answers the stored ones, or undefined when there is no such user. */
export async function replaceNoticeChoices(
  db: Db,
  { userId, preferences }: { userId: string; preferences: TNoticePreferences },
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .update(users)
    .set({ noticePreferences: preferences, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ choices: users.noticePreferences });
  return row?.choices;
}

/**
 * Whether the user whose `users` row is `usersAlias` in a batch's own SQL wants `kind` e-mailed:
 * a condition for its `where`, so a sweep decides for all its rows in one statement. A kind not
 * chosen yet is wanted.
 */
export function wantsNoticeCondition(usersAlias: string, kind: TNoticeKind): SQL {
  return sql`coalesce((${sql.identifier(usersAlias)}.notice_preferences ->> ${kind})::boolean, true)`;
}
