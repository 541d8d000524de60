import { z } from 'zod';
import { wholeNumberFromText } from './number-fields.ts';
import { NO_CONTROL_CHARACTERS } from './text-fields.ts';

/**
 * Premier's advanced search: one box across the practitioner's own patients, visit
 * notes and prescriptions. `GET /api/premier/search?q=&kind=&limit=`.
 */

/** The groups of an answer, in the order they are shown. */
export const SEARCH_KINDS = ['patients', 'visits', 'prescriptions'] as const;
export type TSearchKind = (typeof SEARCH_KINDS)[number];

/**
 * Fewer than 3 characters cannot use the trigram indexes (a trigram is 3 characters), so such a
 * query would read every note of the practitioner; 100 is the patients search's own cap.
 */
export const SEARCH_LIMITS = { queryMin: 3, queryMax: 100, perGroup: 5, perGroupMax: 50 } as const;

export const SEARCH_MESSAGES = {
  queryRequired: 'Please type what to search for.',
  queryTooShort: `Please type at least ${SEARCH_LIMITS.queryMin} characters to search.`,
  queryTooLong: `The search must be at most ${SEARCH_LIMITS.queryMax} characters.`,
  queryInvalid: 'The search contains a character that is not allowed.',
  kindInvalid: 'kind must be patients, visits or prescriptions.',
  limit: `limit must be a whole number from 1 to ${SEARCH_LIMITS.perGroupMax}.`,
} as const;

export const ZSearchQuery = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.queryRequired })
    .trim()
    .min(1, { error: SEARCH_MESSAGES.queryRequired, abort: true })
    .min(SEARCH_LIMITS.queryMin, { error: SEARCH_MESSAGES.queryTooShort, abort: true })
    .max(SEARCH_LIMITS.queryMax, { error: SEARCH_MESSAGES.queryTooLong, abort: true })
    .regex(NO_CONTROL_CHARACTERS, { error: SEARCH_MESSAGES.queryInvalid })
    .describe(
      `What to look for (${SEARCH_LIMITS.queryMin}–${SEARCH_LIMITS.queryMax} characters after trimming): found anywhere in a field, any case`,
    ),
  kind: z
    .enum(SEARCH_KINDS, { error: SEARCH_MESSAGES.kindInvalid })
    .optional()
    .describe('Only this group (to show more of it); absent: every group'),
  limit: wholeNumberFromText(1, SEARCH_LIMITS.perGroupMax, SEARCH_MESSAGES.limit)
    .default(SEARCH_LIMITS.perGroup)
    .describe(
      `Results per group, 1 to ${SEARCH_LIMITS.perGroupMax} (default ${SEARCH_LIMITS.perGroup})`,
    ),
});

export type TSearchQuery = z.input<typeof ZSearchQuery>;

/** A piece of a snippet; `isMatch` pieces are what the query found. Plain text, never HTML. */
export const ZSearchSegment = z.object({ text: z.string(), isMatch: z.boolean() });

/** Which field a snippet comes from, so the screen can say so in the reader's language. */
export const SEARCH_FIELDS = [
  'name',
  'diagnosedWith',
  'phone',
  'email',
  'reason',
  'subjective',
  'objective',
  'assessment',
  'plan',
  'medication',
  'strength',
  'instructions',
  'stopReason',
] as const;
export type TSearchField = (typeof SEARCH_FIELDS)[number];

export const ZSearchHit = z.object({
  patientId: z.uuid(),
  patientName: z.string(),
  itemId: z.uuid().describe('The patient, visit or prescription `_id` (a patient: its own id)'),
  at: z
    .string()
    .describe('When: a patient was added, a visit took place, a prescription was written'),
  title: z.string().describe("The patient's name, the visit's reason, the medication"),
  status: z.string().nullable().describe("A prescription's status; null for the others"),
  snippet: z.object({
    field: z.enum(SEARCH_FIELDS),
    segments: z
      .array(ZSearchSegment)
      .describe('The text around the first match, cut into plain-text pieces, matches marked'),
  }),
});

export const ZSearchGroup = z.object({
  kind: z.enum(SEARCH_KINDS),
  items: z.array(ZSearchHit).describe('Newest first'),
  hasMore: z.boolean().describe('More results than `limit` exist (ask again with `kind`)'),
});

export const ZSearchResults = z.object({
  groups: z.array(ZSearchGroup).describe('One per kind asked for, in the order of `SEARCH_KINDS`'),
});

export type TSearchHit = z.infer<typeof ZSearchHit>;
export type TSearchGroup = z.infer<typeof ZSearchGroup>;
export type TSearchResults = z.infer<typeof ZSearchResults>;
