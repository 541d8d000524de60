import type { ComponentType } from 'react';
import type { PatientKind } from '@portal/shared/patient-kind';
import type { TPatient } from '@portal/shared/patient';
import type { TTimelineEntry } from '@portal/shared/timeline';
import type { ChartSection } from '../lib/routes/chart-address.ts';

/** An item as the API stores one: its fields, plus who it belongs to and when it changed. */
export type StoredItem = Record<string, unknown> & {
  _id: string;
  patientId: string;
  createdAt: string;
  updatedAt: string;
};

/**
 * What the web adds to a patient-owned kind's shared declaration: its section of the patient's
 * details and, for a kind without behaviour of its own, how the fake API serves it. The registry
 * (registry.ts) lists them; the patient's page, the timeline and the fake API read it.
 */
export interface WebKind {
  /** The kind's shared declaration (`PATIENT_KINDS`): its path, error codes and namespace. */
  shared: PatientKind;
  /** Its section of the patient's details. */
  Section: ComponentType<{ patient: TPatient }>;
  /** That section's element id in the chart, so an address can lead to it (`#allergies`). */
  section: ChartSection;
  /**
   * Its timeline entries are labelled in its own namespace (`timeline.label`, `timeline.states`,
   * `timeline.detail`); without it, by the timeline's own texts.
   */
  hasTimelineTexts?: boolean;
  /** How the fake API's generic handlers (list, create, read, change) serve it. */
  fake?: {
    /** The shared input schema: the fake refuses what the API refuses, with `fieldErrors`. */
    schema: { safeParse: (input: unknown) => FakeParse };
    /** A valid input, which a test's own fields override. */
    sample: Record<string, unknown>;
    /** Its item's timeline entry, as the API makes it (method syntax: any stored item type). */
    timelineEntry(item: StoredItem): Pick<TTimelineEntry, 'at' | 'summary' | 'detail' | 'state'>;
  };
}

type FakeParse =
  | { success: true; data: object }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
