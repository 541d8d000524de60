import { z } from 'zod';
import { entityAnswer } from './entity-answer.ts';
import { ZPractice } from './practice.ts';
import { ZScheduleSettings } from './profile.ts';

/** The signed-in user as the API answers it (`{ user }`). */
export const ZUser = entityAnswer({
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  premiumMember: z.boolean(),
  /** Whether a private calendar feed address is active (its secret is shown only once). */
  hasCalendarFeed: z.boolean(),
  isDirectoryReviewer: z
    .boolean()
    .describe(
      'Whether the signed-in account reviews the directory (its verified e-mail is in `DIRECTORY_REVIEWERS`), so a client can offer the review screen without probing its routes',
    ),
  ...ZScheduleSettings.shape,
  /** The Practice section of the profile; its country is the region phones are read in. */
  practice: ZPractice,
});

export type TUser = z.infer<typeof ZUser>;

export const ZUserResponse = z.object({ user: ZUser });
