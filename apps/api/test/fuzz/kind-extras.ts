import fc from 'fast-check';
import type pg from 'pg';
import { z } from 'zod';
import { ZOccurrence, ZOccurrenceMarkInput, ZToday } from '@portal/shared/care-plan';
import { ZSendToPharmacy } from '@portal/shared/medicines';
import type { TPatientKindName } from '@portal/shared/patient-kinds';
import {
  ZMedicationSuggestions,
  ZPrescription,
  ZPrescriptionStop,
} from '@portal/shared/prescription';
import type { TTimelineEntry } from '@portal/shared/timeline';
import type { JsonSchema } from './json-schema.ts';
import type { Operation } from './openapi.ts';
import type { Hints } from './schema-arbitraries.ts';

/**
 * What the fuzz campaign knows of a kind beyond what its declaration gives (kinds.ts reads
 * these by kind): routes under one item besides read and replace, routes elsewhere, the hints
 * that reach a kind's own rules (the allergy warning, care plans' activities), and how its
 * timeline entries name it. A kind with no rules of its own needs nothing here.
 */

export interface ClinicalItem {
  id: string;
  ownerId: string;
  patientId: string;
  updatedAt: string;
}

/** What a kind's `snapshot` reads beside its items: ids the hints draw from, and days. */
export interface KindSnapshot {
  ids: string[];
  days: string[];
}

/** One kind's part of the pools: its items, oldest first, and what its `snapshot` read. */
export interface KindView extends KindSnapshot {
  items: ClinicalItem[];
}

type PathValue = { value: string; raw?: string };

export interface KindExtras {
  /**
   * Routes under one item besides its read and replace, by method and what follows the item
   * (`'POST stop'`): their answers, their body, and whether a success changes the item's row.
   */
  itemRoutes?: Record<
    string,
    { answers?: Record<number, z.ZodType>; body?: z.ZodType; changesItem?: boolean }
  >;
  /** The answers of the kind's routes outside its collection, by label. */
  answers?: Record<string, Record<number, z.ZodType>>;
  /** Fields the kind's refusals add to the one error body. */
  errorFields?: Record<string, JsonSchema>;
  /** Hints beside the values of the declaration's examples (these win). */
  hints?: (view: KindView) => Hints;
  /** What the hints draw from beside the items, read with every snapshot. */
  snapshot?: (pool: pg.Pool, table: string) => Promise<KindSnapshot>;
  /** The path values of an item route, when the kind draws them itself. */
  itemPathValues?: (
    operation: Operation,
    actorId: string,
    view: KindView,
    oneByOne: fc.Arbitrary<PathValue[]>,
  ) => fc.Arbitrary<PathValue[]> | undefined;
  /** The item a timeline entry of the kind names, when it is not the entry's `itemId`. */
  timelineItemId?: (entry: TTimelineEntry) => string | undefined;
}

/** Medications of prescriptions, some of which meet the allergies' substances below. */
const MEDICATIONS = ['Amoxicillin', 'Penicillin V', 'Ibuprofen 400', 'Salbutamol', 'Codeine'];

/** Days the seeded care plan's activities occur on (its declaration's example), and others. */
const CARE_PLAN_DAYS = ['2026-01-15', '2026-03-02', '2026-04-15', '2026-07-15'];

/** Mostly valid values, now and then one the rules refuse. */
const mostly = <T>(valid: T[], invalid: T) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...valid) },
    { weight: 1, arbitrary: fc.constant(invalid) },
  );

const EXTRAS: Partial<Record<TPatientKindName, KindExtras>> = {
  allergy: {
    // Substances that some medications below meet: the allergy warning.
    hints: () => ({ substance: fc.constantFrom('Penicillin', 'Latex', 'Codeine', 'Peanuts') }),
  },
  prescription: {
    itemRoutes: {
      'POST stop': { answers: { 200: ZPrescription }, body: ZPrescriptionStop, changesItem: true },
      // Sent to a pharmacy (medicines.ts seeds them and hints their ids).
      'POST pharmacy': {
        answers: { 200: ZPrescription },
        body: ZSendToPharmacy,
        changesItem: true,
      },
    },
    answers: { 'GET /api/records/medications': { 200: ZMedicationSuggestions } },
    // ALLERGY_WARNING names the allergies the medication matches (ZAllergyWarning).
    errorFields: { allergies: { type: 'array' } },
    hints: () => ({
      medication: fc.constantFrom(...MEDICATIONS),
      endDate: fc.constantFrom('', '', '', '', '2027-06-30', '2027-02-30'),
      duration: fc.constantFrom('', '7 days'),
      allergyAcknowledged: fc.boolean(),
    }),
  },
  carePlan: {
    itemRoutes: {
      'GET occurrences': { answers: { 200: z.array(ZOccurrence) } },
      'PUT occurrences': { answers: { 200: ZOccurrence }, body: ZOccurrenceMarkInput },
    },
    answers: { 'GET /api/premier/today': { 200: ZToday } },
    // A body holds several activities, so a wrong value is rare per field: rules the portal
    // supports, real days, now and then a day that does not exist or a rule it refuses.
    hints: ({ ids: activityIds, days }) => {
      return {
        start: mostly(CARE_PLAN_DAYS, '2026-02-30'),
        // An activity occurs on its start day whatever its rule: a mark on that day names a real
        // occurrence of the activities the snapshot chose.
        date: mostly([...days, ...CARE_PLAN_DAYS], '2026-02-30'),
        rrule: mostly(
          ['', 'FREQ=MONTHLY;INTERVAL=3', 'FREQ=WEEKLY'],
          'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
        ),
        status: fc.constantFrom('active', 'on-hold', 'completed'),
        mark: fc.constantFrom('done', 'skipped', 'due'),
        ...(activityIds.length && { activityId: fc.constantFrom(...activityIds) }),
      };
    },
    // The oldest plan's (the seeded one's) activities that start on its earliest start day, and
    // that day: a mark then names a real activity on a day it occurs, however the campaign has
    // replaced the plan's activities meanwhile.
    snapshot: async (pool, table) => {
      const { rows } = await pool.query<{ id: string; start: string }>(
        `select activity->>'id' as id, activity->>'start' as start
           from (select activities from ${table} order by created_at, id limit 1) plan,
                jsonb_array_elements(plan.activities) activity
          order by activity->>'start', activity->>'id'`,
      );
      const startDay = rows[0]?.start;
      return {
        ids: rows.filter((row) => row.start === startDay).map((row) => row.id),
        days: startDay ? [startDay] : [],
      };
    },
    // A mark names one of the plan's activities on one of its days: the hints know the seeded
    // plan's (the oldest), so a mark mostly goes to that plan.
    itemPathValues: (operation, actorId, { items }, oneByOne) => {
      const seeded = items[0];
      if (!operation.path.endsWith('/occurrences') || seeded?.ownerId !== actorId) return undefined;
      return fc.oneof(
        {
          weight: 3,
          arbitrary: fc.constant<PathValue[]>([{ value: seeded.patientId }, { value: seeded.id }]),
        },
        { weight: 1, arbitrary: oneByOne },
      );
    },
    // An activity is no row of its own: its plan is the item it names.
    timelineItemId: (entry) =>
      entry.kind === 'care-plan-activity' ? (entry.carePlanId ?? '') : undefined,
  },
};

/** A kind's extras, if it has any. */
export function extrasOf(kind: string): KindExtras | undefined {
  return Object.hasOwn(EXTRAS, kind) ? EXTRAS[kind as TPatientKindName] : undefined;
}
