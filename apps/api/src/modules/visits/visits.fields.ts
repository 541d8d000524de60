import { bmiOf, type TAddendum, type TVisit, type TVisitData } from '@portal/shared/visit';
import type { VisitAddendumRow, VisitRow } from '../../db/schema/visits.ts';

/**
 * The visit is defined twice, on purpose, and only twice: the drizzle table
 * (db/schema/visits.ts, storage) and the shared zod schema (packages/shared/src/visit.ts, what
 * the form sends and the API answers). What is stored and what is answered derive from them.
 */

/** Columns the database keeps for itself, or that only signing or the sharing switch sets. */
type Bookkeeping =
  | 'patientSharing'
  | 'id'
  | 'ownerId'
  | 'patientId'
  | 'searchText'
  | 'signedAt'
  | 'signedBy'
  | 'createdAt'
  | 'updatedAt';

/** What the API stores from the form: every column that is not bookkeeping. */
export type VisitValues = Omit<VisitRow, Bookkeeping>;

// The two definitions must name the same fields: the form's occurredAt is stored as a Date.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const hasSameFields: SameKeys<keyof TVisitData, keyof VisitValues> = true;
void hasSameFields;

export function toStoredValues(input: TVisitData): VisitValues {
  return { ...input, occurredAt: new Date(input.occurredAt) };
}

/** A stored visit with what the answer needs from elsewhere: the signer's name and the addenda. */
export type VisitRecord = Omit<VisitRow, 'searchText'> & {
  signerName: string | null;
  addenda: (VisitAddendumRow & { authorName: string })[];
};

function toApiAddendum(row: VisitAddendumRow & { authorName: string }): TAddendum {
  return {
    _id: row.id,
    text: row.text,
    authorId: row.authorId,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toApiVisit(row: VisitRecord): TVisit {
  return {
    _id: row.id,
    patientId: row.patientId,
    appointmentId: row.appointmentId,
    occurredAt: row.occurredAt.toISOString(),
    reason: row.reason,
    subjective: row.subjective,
    objective: row.objective,
    assessment: row.assessment,
    plan: row.plan,
    systolic: row.systolic,
    diastolic: row.diastolic,
    heartRate: row.heartRate,
    temperature: row.temperature,
    weight: row.weight,
    height: row.height,
    oxygenSaturation: row.oxygenSaturation,
    bmi: bmiOf(row),
    signedAt: row.signedAt?.toISOString() ?? null,
    signedBy: row.signedBy === null ? null : { id: row.signedBy, name: row.signerName ?? '' },
    addenda: row.addenda.map(toApiAddendum),
    patientSharing: row.patientSharing,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
