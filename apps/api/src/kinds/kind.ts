import { getTableName } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { PatientKind } from '@portal/shared/patient-kind';
import type { Db } from '../db/client.ts';
import { inBatches } from '../lib/paging.ts';
import type { ExportingPractitioner } from '../modules/appointments/appointments.fhir.ts';
import type { FhirEntry } from '../modules/patients/patients.fhir.ts';
import type { ClinicalStore, ClinicalTable, ItemKey } from '../patient-owned/items.repository.ts';
import type { ClinicalRefusals } from '../patient-owned/refusals.ts';

/** Where an answer's absolute links start: the address users reach (`PUBLIC_URL`). */
export interface AnswerLinks {
  publicUrl: string;
}

/**
 * How one kind of timeline entry is read from its table: trusted SQL fragments of the
 * declaration, never input. `at` must be an instant (`timestamptz`).
 */
export interface TimelineBranch {
  at: string;
  summary: string;
  detail: string;
  state: string;
  /** Rows of the table that are not entries of this kind. */
  only?: string;
}

/**
 * What the API knows of a patient-owned kind besides its shared declaration: its table, its
 * FHIR resource, its timeline entries and a valid body to exercise it with. The registry
 * (registry.ts) lists one per kind; the FHIR export, the timeline, the routes of the kinds
 * without behaviour of their own, the contract test and the fuzz suite read it.
 */
export interface ApiPatientKind {
  shared: PatientKind;
  /** Its table's name in SQL. */
  table: string;
  /** Premium members only (the members-only gate answers everyone else). */
  isMembersOnly: boolean;
  /** The FHIR resource type it is exported as: 'CarePlan'. */
  fhirType: string;
  /** The owner's items of live patients as FHIR entries, oldest first, a batch at a time. */
  fhirEntries(
    db: Db,
    ownerId: string,
    practitioner: ExportingPractitioner,
  ): AsyncIterable<FhirEntry[]>;
  /** A page of one patient's items and their count, as the routes read them (benches EXPLAIN them). */
  lists: {
    page(db: Db, page: ItemScope & { after: ItemKey | null; limit: number }): Promise<unknown[]>;
    count(db: Db, scope: ItemScope): Promise<number>;
  };
  /**
   * One patient's items as the API answers them, newest first, at most `limit`: what a linked
   * patient's routes cut down to the shared declaration's `patientView`.
   */
  patientItems(
    db: Db,
    scope: { ownerId: string; patientId: string; limit: number },
    links: AnswerLinks,
  ): Promise<Record<string, unknown>[]>;
  /** Its stored timeline entries by their timeline kind (the shared declaration names them). */
  timeline: Readonly<Record<string, TimelineBranch>>;
  /** What its create and replace take, and what its routes answer for one item. */
  schemas: { input: z.ZodType; item: z.ZodType };
  /**
   * A valid body of a create, and a replacement that changes a field the answer shows: what the
   * contract test sends, and what the fuzz suite starts its bodies from.
   */
  example: { body: () => Record<string, unknown>; changed: () => Record<string, unknown> };
  /**
   * The routes, for a kind with no behaviour beyond the shared rules (the kinds plugin
   * registers them); a kind with its own rules registers its routes in its module.
   */
  routes?: (app: FastifyInstance, deps: { db: Db; refusals: ClinicalRefusals }) => void;
}

interface ItemScope {
  ownerId: string;
  patientId: string;
  status?: string;
}

/** Items exported per query. */
const EXPORT_BATCH = 500;

/** A kind's API declaration, typed by its table; the registry keeps it as an `ApiPatientKind`. */
export function defineApiKind<Table extends ClinicalTable>({
  table,
  store,
  toFhir,
  toApi,
  isMembersOnly = false,
  ...declaration
}: Omit<ApiPatientKind, 'table' | 'fhirEntries' | 'isMembersOnly' | 'lists' | 'patientItems'> & {
  table: Table;
  store: ClinicalStore<Table>;
  /** Its FHIR entry, or entries (a dispensed prescription adds its MedicationDispense). */
  toFhir: (
    row: Table['$inferSelect'],
    practitioner: ExportingPractitioner,
  ) => FhirEntry | FhirEntry[];
  /** One stored row as the practitioner's routes answer it (its links from `PUBLIC_URL`). */
  toApi: (row: Table['$inferSelect'], links: AnswerLinks) => object;
  isMembersOnly?: boolean;
}): ApiPatientKind {
  return {
    ...declaration,
    table: getTableName(table),
    isMembersOnly,
    lists: {
      page: (db, page) => store.list(db, page),
      count: (db, scope) => store.count(db, scope),
    },
    async patientItems(db, { limit, ...scope }, links) {
      const rows = await store.list(db, { ...scope, after: null, limit });
      return rows.map((row) => toApi(row, links) as Record<string, unknown>);
    },
    async *fhirEntries(db, ownerId, practitioner) {
      const batches = inBatches({
        size: EXPORT_BATCH,
        fetchAfter: (after: ItemKey | null, limit) =>
          store.exportPage(db, { ownerId, after, limit }),
        keyOf: (row): ItemKey => [row.createdAt.toISOString(), row.id],
      });
      for await (const rows of batches) yield rows.flatMap((row) => toFhir(row, practitioner));
    },
  };
}
