import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './appointment.ts';
import type { PatientKind } from './patient-kind.ts';
import { PATIENT_KINDS, type TPatientKind } from './patient-kinds.ts';
import { ZPageQuery } from './patient.ts';

/** The patient-owned kinds' stored timeline entries (their declarations' `timeline`). */
type KindEntry = NonNullable<
  TPatientKind extends infer K
    ? K extends { timeline: { entries: readonly (infer E)[] } }
      ? E
      : never
    : never
>;

/**
 * The patient's history in one list: what happened, when, to which item. Each kind
 * is read from its own table; a prescription gives two entries, when it started and, once
 * stopped, when it stopped. Visits and appointments, then each patient-owned kind's entries.
 */
export const TIMELINE_RECORD_KINDS = [
  'visit',
  ...PATIENT_KINDS.flatMap((declaration) =>
    'timeline' in declaration ? declaration.timeline.entries : [],
  ),
  'appointment',
] as readonly TTimelineRecordKind[];
export type TTimelineRecordKind = 'visit' | 'appointment' | KindEntry;

/**
 * Every kind, in the order that breaks a tie of time and item (the last first). A care-plan
 * activity due today or overdue is computed from the plan's rule, not a stored row, and shown to
 * Premier members only.
 */
export const TIMELINE_KINDS = [...TIMELINE_RECORD_KINDS, 'care-plan-activity'] as const;
export type TTimelineKind = (typeof TIMELINE_KINDS)[number];

/** A care-plan activity's occurrence in the timeline: due today, or past and not marked. */
export const CARE_PLAN_ACTIVITY_STATES = ['due', 'overdue'] as const;

/** A visit is a draft until signed. */
export const VISIT_STATES = ['draft', 'signed'] as const;

/** Every value of `state`, whatever the kind (see ZTimelineEntry). */
export const TIMELINE_STATES = [
  ...new Set([
    ...VISIT_STATES,
    ...PATIENT_KINDS.flatMap((declaration) =>
      'timeline' in declaration ? declaration.timeline.states : [],
    ),
    ...APPOINTMENT_STATUSES,
    ...CARE_PLAN_ACTIVITY_STATES,
  ]),
] as [string, ...string[]];

/** The longest `summary` and `detail` in characters (code points): a line, never a whole note. */
export const TIMELINE_TEXT_MAX = 120;

/** A text cut to one timeline line, as the API's SQL cuts it: code points, then an ellipsis. */
export function timelineLine(text: string): string {
  const points = [...text];
  return points.length > TIMELINE_TEXT_MAX
    ? `${points.slice(0, TIMELINE_TEXT_MAX - 1).join('')}…`
    : text;
}

/** The later kinds' words for one field of their entries: '; <entry kinds>: …' for each. */
const aboutLaterKinds = (field: 'at' | 'summary' | 'detail' | 'state') =>
  PATIENT_KINDS.flatMap((declaration: PatientKind) => {
    const { timeline } = declaration;
    return timeline?.about ? [`; ${timeline.entries.join(', ')}: ${timeline.about[field]}`] : [];
  }).join('');

export const ZTimelineEntry = z.object({
  kind: z.enum(TIMELINE_KINDS),
  at: z
    .string()
    .describe(
      'UTC, ISO 8601 with milliseconds: when the visit took place, the prescription was written or stopped, the allergy was recorded, the appointment starts; for a care-plan activity, the start of its due day in the practitioner’s time zone' +
        aboutLaterKinds('at'),
    ),
  itemId: z
    .uuid()
    .describe(
      'The visit’s, prescription’s, allergy’s or appointment’s `_id`; the activity’s `id` in its care plan',
    ),
  summary: z
    .string()
    .describe(
      'The visit’s reason, the medication (with its strength), the allergy’s substance, the appointment’s reason or the care-plan activity’s title; cut at 120 characters' +
        aboutLaterKinds('summary'),
    ),
  detail: z
    .string()
    .describe(
      'Why a prescription was stopped, an allergy’s reaction, a care-plan activity’s plan title, otherwise empty; cut at 120' +
        aboutLaterKinds('detail'),
    ),
  state: z
    .enum(TIMELINE_STATES)
    .describe(
      'visit: `draft` or `signed`; prescription: its current status; allergy: its severity; appointment: its status; care-plan activity: `due` (today) or `overdue` (a past day, not marked done or skipped)' +
        aboutLaterKinds('state'),
    ),
  carePlanId: z
    .uuid()
    .optional()
    .describe('care-plan-activity only: the `_id` of its care plan (`…/care-plans/{carePlanId}`)'),
  dueOn: z.iso
    .date()
    .optional()
    .describe(
      'care-plan-activity only: the day it is due, `YYYY-MM-DD` in the practitioner’s time zone',
    ),
});

export type TTimelineEntry = z.infer<typeof ZTimelineEntry>;

/** `GET /api/records/patients/{id}/timeline?limit=&cursor=`: newest first. */
export const ZTimelineQuery = ZPageQuery;
export type TTimelineQuery = z.input<typeof ZTimelineQuery>;
