import { z } from 'zod';
import { rruleProblem } from './care-plan-rrule.ts';
import { clinicalRequiredText } from './clinical-text.ts';
import { calendarDay, optionalCalendarDay } from './day-fields.ts';
import { patientRecordAnswer } from './entity-answer.ts';
import { statusPageQuery } from './patient.ts';
import { CARE_PLAN_MESSAGES, CARE_PLAN_KIND } from './care-plan-kind.ts';

/** A care plan's life, as FHIR's CarePlan.status names it (only active plans come due). */
export const CARE_PLAN_STATUSES = ['active', 'on-hold', 'completed'] as const;
export type TCarePlanStatus = (typeof CARE_PLAN_STATUSES)[number];

/** What can be said of one occurrence: a mark (done, skipped), or `due` to take a mark back. */
export const OCCURRENCE_MARKS = ['done', 'skipped', 'due'] as const;
/** An occurrence as shown: marked, or due today, overdue (past) or upcoming (future). */
export const OCCURRENCE_STATES = ['done', 'skipped', 'due', 'overdue', 'upcoming'] as const;
export type TOccurrenceState = (typeof OCCURRENCE_STATES)[number];

export const CARE_PLAN_LIMITS = {
  titleMax: 200,
  goalTextMax: 500,
  activityTitleMax: 200,
  goalsMax: 20,
  activitiesMax: 20,
  rruleMax: 300,
  /** Active plans one patient may have (409 `CARE_PLAN_LIMIT` beyond): none is ever near it. */
  activePlansMax: 50,
  /** The widest window one occurrences request expands (days). */
  windowMaxDays: 366,
} as const;

const ZCarePlanStatus = z.enum(CARE_PLAN_STATUSES, {
  error: CARE_PLAN_MESSAGES.carePlanStatusInvalid,
});

/** Activities start within this century: the expansion of a rule starts from there. */
const isPlausibleStart = (date: string) => date >= '2000-01-01' && date <= '2100-12-31';

export const ZCarePlanGoalInput = z.strictObject({
  id: z.uuid().optional().describe('Kept when editing a goal; omitted for a new one'),
  text: clinicalRequiredText(
    CARE_PLAN_LIMITS.goalTextMax,
    CARE_PLAN_MESSAGES.goalTextRequired,
    CARE_PLAN_MESSAGES.goalTextTooLong,
  ).describe('e.g. HbA1c below 7%; up to 500 characters'),
  targetDate: optionalCalendarDay(CARE_PLAN_MESSAGES.targetDateInvalid).describe(
    'YYYY-MM-DD, or empty',
  ),
});

export const ZCarePlanActivityInput = z.strictObject({
  id: z
    .uuid()
    .optional()
    .describe('Kept when editing an activity (its marks stay); omitted for a new one'),
  title: clinicalRequiredText(
    CARE_PLAN_LIMITS.activityTitleMax,
    CARE_PLAN_MESSAGES.activityTitleRequired,
    CARE_PLAN_MESSAGES.activityTitleTooLong,
  ).describe('e.g. HbA1c test'),
  start: calendarDay(CARE_PLAN_MESSAGES.startInvalid)
    .refine(isPlausibleStart, { error: CARE_PLAN_MESSAGES.startInvalid })
    .describe('The day of the only occurrence, or of the first one of a recurring activity'),
  rrule: z
    .string()
    .trim()
    .default('')
    .superRefine((rule, context) => {
      const problem = rruleProblem(rule);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .describe(
      'Empty: once, on `start`. Else an RFC 5545 RRULE (without DTSTART), e.g. `FREQ=MONTHLY;INTERVAL=3`; daily at most',
    ),
});

/**
 * What the form sends and `POST`/`PUT /api/records/patients/{id}/care-plans[/{carePlanId}]`
 * accept (a PUT replaces the whole plan). Unknown fields are rejected.
 */
export const ZCarePlanInput = z.strictObject({
  title: clinicalRequiredText(
    CARE_PLAN_LIMITS.titleMax,
    CARE_PLAN_MESSAGES.titleRequired,
    CARE_PLAN_MESSAGES.titleTooLong,
  ).describe('e.g. Type 2 diabetes follow-up'),
  status: ZCarePlanStatus.default('active').describe(
    'active (default; only active plans come due; at most 50 active per patient), on-hold or completed',
  ),
  goals: z
    .array(ZCarePlanGoalInput)
    .max(CARE_PLAN_LIMITS.goalsMax, { error: CARE_PLAN_MESSAGES.tooManyGoals })
    .default([]),
  activities: z
    .array(ZCarePlanActivityInput)
    .max(CARE_PLAN_LIMITS.activitiesMax, { error: CARE_PLAN_MESSAGES.tooManyActivities })
    .default([]),
});

export type TCarePlanInput = z.input<typeof ZCarePlanInput>;
export type TCarePlanData = z.output<typeof ZCarePlanInput>;

export const ZCarePlanGoal = z.object({ id: z.uuid(), text: z.string(), targetDate: z.string() });
export const ZCarePlanActivity = z.object({
  id: z.uuid(),
  title: z.string(),
  start: z.string(),
  rrule: z.string(),
});
export type TCarePlanGoal = z.infer<typeof ZCarePlanGoal>;
export type TCarePlanActivity = z.infer<typeof ZCarePlanActivity>;

/** A care plan as the API answers it. */
export const ZCarePlan = patientRecordAnswer({
  title: z.string(),
  status: z.enum(CARE_PLAN_STATUSES),
  goals: z.array(ZCarePlanGoal),
  activities: z.array(ZCarePlanActivity),
});
export type TCarePlan = z.infer<typeof ZCarePlan>;

/** `GET /api/records/patients/{id}/care-plans?status=&limit=&cursor=` (newest first). */
export const ZCarePlanListQuery = statusPageQuery(ZCarePlanStatus, 'Only plans with this status');

/** `GET …/care-plans/{carePlanId}/occurrences?from=&to=`: by default 30 days back, 90 ahead. */
export const ZOccurrenceQuery = z
  .object({
    from: calendarDay(CARE_PLAN_MESSAGES.windowInvalid)
      .optional()
      .describe('First day, YYYY-MM-DD'),
    to: calendarDay(CARE_PLAN_MESSAGES.windowInvalid).optional().describe('Last day, YYYY-MM-DD'),
  })
  .refine(
    ({ from, to }) =>
      !from ||
      !to ||
      (from <= to &&
        Date.parse(to) - Date.parse(from) <= CARE_PLAN_LIMITS.windowMaxDays * 86_400_000),
    { error: CARE_PLAN_MESSAGES.windowInvalid, path: ['to'] },
  );

/** `PUT …/care-plans/{carePlanId}/occurrences`: mark one occurrence done or skipped, or take the mark back. */
export const ZOccurrenceMarkInput = z.strictObject({
  activityId: z.uuid({ error: CARE_PLAN_MESSAGES.activityIdInvalid }),
  date: calendarDay(CARE_PLAN_MESSAGES.occurrenceDateInvalid).describe(
    'The occurrence, YYYY-MM-DD: one the activity has',
  ),
  mark: z
    .enum(OCCURRENCE_MARKS, { error: CARE_PLAN_MESSAGES.markInvalid })
    .describe('done or skipped (on the day or after it, never ahead), or due to take a mark back'),
});
export type TOccurrenceMarkInput = z.infer<typeof ZOccurrenceMarkInput>;

/** One occurrence of an activity, with its mark: who marked it and when. */
export const ZOccurrence = z.object({
  carePlanId: z.uuid(),
  activityId: z.uuid(),
  activityTitle: z.string(),
  date: z.string(),
  state: z.enum(OCCURRENCE_STATES),
  markedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  markedAt: z.string().nullable(),
});
export type TOccurrence = z.infer<typeof ZOccurrence>;

/** `GET /api/premier/today`: due and overdue occurrences across the practitioner's patients. */
export const ZTodayItem = ZOccurrence.extend({
  patientId: z.uuid(),
  patientName: z.string(),
  carePlanTitle: z.string(),
});
export type TTodayItem = z.infer<typeof ZTodayItem>;

export const ZToday = z.object({
  date: z.string().describe("Today in the practitioner's time zone, YYYY-MM-DD"),
  items: z.array(ZTodayItem),
  isTruncated: z.boolean().describe('More were due than one answer lists'),
});
export type TToday = z.infer<typeof ZToday>;

export { CARE_PLAN_MESSAGES, CARE_PLAN_KIND };
