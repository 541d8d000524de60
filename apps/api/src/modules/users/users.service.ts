import type { TPractice, TPracticeData } from '@portal/shared/practice';
import {
  PROFILE_MESSAGES,
  SCHEDULE_LIMITS,
  type TProfileData,
  type TScheduleData,
} from '@portal/shared/profile';
import type { TUser } from '@portal/shared/user';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { updateUserPractice, updateUserProfile, updateUserSchedule } from './users.repository.ts';

/** The practice's fields of a stored user. */
export function practiceOf(row: UserRow): TPractice {
  return {
    name: row.practiceName,
    street: row.practiceStreet,
    postalCode: row.practicePostalCode,
    city: row.practiceCity,
    country: row.practiceCountry,
    phone: row.practicePhone,
    registrationNumber: row.registrationNumber,
    cancellationNoticeHours: row.cancellationNoticeHours,
  };
}

/**
 * A stored user as the API answers it to the signed-in user. Whether they review the directory
 * comes from their verified identity (`lib/directory-reviewers.ts`), not from the row.
 */
export function toApiUser(
  row: UserRow,
  { isDirectoryReviewer }: { isDirectoryReviewer: boolean },
): TUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    picture: row.picture,
    age: row.age,
    gender: row.gender,
    address: row.address,
    phone: row.phone,
    premiumMember: row.isPremium,
    hasCalendarFeed: row.calendarFeedHash !== null,
    isDirectoryReviewer,
    timeZone: row.timeZone ?? SCHEDULE_LIMITS.defaultTimeZone,
    workingHours: row.workingHours,
    reminderMinutes: row.reminderMinutes,
    calendarFullNames: row.calendarFullNames,
    reminderHours: row.reminderHours,
    practice: practiceOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The signed-in user's own account: saving its profile, practice and schedule. Each save answers
 * the saved row, which the route answers as the user (`toApiUser`).
 */
export function createUserService({ db }: { db: Db }) {
  return {
    /**
     * Saves the profile form. The e-mail comes from the identity provider, so the form sends it
     * back unchanged; any other address is refused rather than silently ignored.
     */
    async updateProfile({ user, input }: { user: UserRow; input: TProfileData }): Promise<UserRow> {
      if (input.email.toLowerCase() !== user.email.toLowerCase()) {
        throw new AppError('EMAIL_READ_ONLY', {
          fieldErrors: { email: PROFILE_MESSAGES.emailReadOnly },
        });
      }
      const { email: _email, ...profile } = input;
      const saved = await updateUserProfile(db, { id: user.id, profile });
      // The row can only vanish if the account was deleted between sign-in and this call.
      if (!saved) throw new AppError('NOT_AUTHENTICATED');
      return saved;
    },

    /** Replaces the Practice section of the profile. */
    async updatePractice({
      user,
      input,
    }: {
      user: UserRow;
      input: TPracticeData;
    }): Promise<UserRow> {
      const saved = await updateUserPractice(db, { id: user.id, practice: input });
      if (!saved) throw new AppError('NOT_AUTHENTICATED');
      return saved;
    },

    /** Saves the schedule settings that were sent (time zone, working hours, reminder, names). */
    async updateSchedule({
      user,
      input,
    }: {
      user: UserRow;
      input: TScheduleData;
    }): Promise<UserRow> {
      const saved = await updateUserSchedule(db, { id: user.id, schedule: input });
      if (!saved) throw new AppError('NOT_AUTHENTICATED');
      return saved;
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
