import {
  noticePreferencesOf,
  type TNoticeKind,
  type TNoticePreferences,
} from '@portal/shared/notice-preferences';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { findNoticeChoices, replaceNoticeChoices } from './notices.repository.ts';

/**
 * Whether `userId` wants notices of `kind` e-mailed: what every sender of e-mail asks before
 * sending one. False for a user that does not exist (nobody to write to).
 */
export async function wantsNotice(db: Db, userId: string, kind: TNoticeKind): Promise<boolean> {
  const choices = await findNoticeChoices(db, userId);
  return choices !== undefined && noticePreferencesOf(choices)[kind];
}

/** The signed-in user's own choices of which notices are e-mailed. */
export function createNoticeService({ db }: { db: Db }) {
  return {
    getPreferences({ user }: { user: UserRow }): TNoticePreferences {
      return noticePreferencesOf(user.noticePreferences);
    },

    async replacePreferences({
      user,
      input,
    }: {
      user: UserRow;
      input: TNoticePreferences;
    }): Promise<TNoticePreferences> {
      const saved = await replaceNoticeChoices(db, { userId: user.id, preferences: input });
      // The row can only vanish if the account was deleted between sign-in and this call.
      if (!saved) throw new AppError('NOT_AUTHENTICATED');
      return noticePreferencesOf(saved);
    },
  };
}

export type NoticeService = ReturnType<typeof createNoticeService>;
