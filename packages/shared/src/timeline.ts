import { z } from 'zod';
import { ALLERGY_SEVERITIES } from './allergy.ts';
import { APPOINTMENT_STATUSES } from './appointment.ts';
import { ZPageQuery } from './patient.ts';
import { PRESCRIPTION_STATUSES } from './prescription.ts';

/**
 * The patient's history in one list (issue 17): what happened, when, to which item. Each kind
 * is read from its own table; a prescription gives two entries, when it started and, once
 * stopped, when it stopped.
 */
export const TIMELINE_KINDS = [
  'visit',
  'prescription-started',
  'prescription-stopped',
  'allergy',
  'appointment',
] as const;
export type TTimelineKind = (typeof TIMELINE_KINDS)[number];

/** A visit is a draft until signed. */
export const VISIT_STATES = ['draft', 'signed'] as const;

/** Every value of `state`, whatever the kind (see ZTimelineEntry). */
export const TIMELINE_STATES = [
  ...new Set([
    ...VISIT_STATES,
    ...PRESCRIPTION_STATUSES,
    ...ALLERGY_SEVERITIES,
    ...APPOINTMENT_STATUSES,
  ]),
] as [string, ...string[]];

/** The longest `summary` and `detail` in characters (code points): a line, never a whole note. */
export const TIMELINE_TEXT_MAX = 120;

export const ZTimelineEntry = z.object({
  kind: z.enum(TIMELINE_KINDS),
  at: z
    .string()
    .describe(
      'UTC, ISO 8601 with milliseconds: when the visit took place, the prescription was written or stopped, the allergy was recorded, the appointment starts',
    ),
  itemId: z.uuid().describe('The visit’s, prescription’s, allergy’s or appointment’s `_id`'),
  summary: z
    .string()
    .describe(
      'The visit’s reason, the medication (with its strength), the allergy’s substance or the appointment’s reason; cut at 120 characters',
    ),
  detail: z
    .string()
    .describe('Why a prescription was stopped, an allergy’s reaction, otherwise empty; cut at 120'),
  state: z
    .enum(TIMELINE_STATES)
    .describe(
      'visit: `draft` or `signed`; prescription: its current status; allergy: its severity; appointment: its status',
    ),
});

export type TTimelineEntry = z.infer<typeof ZTimelineEntry>;

/** `GET /api/records/patients/{id}/timeline?limit=&cursor=`: newest first. */
export const ZTimelineQuery = ZPageQuery;
export type TTimelineQuery = z.input<typeof ZTimelineQuery>;
