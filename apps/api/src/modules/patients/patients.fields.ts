import { getTableColumns } from 'drizzle-orm';
import { ageOn, todayInUtc, type TPatient, type TPatientData } from '@portal/shared/patient';
import { patients, type PatientRow } from '../../db/schema/patients.ts';

/**
 * The patient is defined in two places, on purpose: the drizzle table (db/schema/patients.ts,
 * storage) and the shared zod schemas (packages/shared/src/patient.ts, what the form sends and
 * the API answers). The SQL text of the hot statements, the API shape and the seeding of tests
 * are derived from those two here; the CSV columns, the web form and the details view from the
 * shared schema. A new column still touches, besides the table and both `ZPatientInput` and
 * `ZPatient`: the generated migration; the shared factories (patient.factories.ts, typed, so the
 * compiler asks); the FHIR mapping (patients.fhir.ts) and `fhirFields` in patients.fields.test.ts,
 * which fails until both carry it; its label (`fields.<name>`) in each language's records.json,
 * and its messages, if it has its own, in `PATIENT_MESSAGES` and each language's common.json.
 * A required column also needs a value in the hand-written bodies and inserts of bench/lib/api-routes.ts,
 * bench/lib/portal.ts, test/fuzz/fixtures.ts and test/measure-patient-search.ts, and an enum
 * column its cast in `toApiPatient`.
 */

/**
 * Columns the database keeps for itself: the key, the owner, search and bookkeeping times, and
 * whether an online booking made the record (set by the booking, never by the form).
 */
const BOOKKEEPING = [
  'id',
  'ownerId',
  'searchText',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'selfRegistered',
] as const;
/** Columns never answered by the API. */
const HIDDEN = ['ownerId', 'searchText', 'deletedAt'] as const;

/** What the API stores for a patient: every column of the table that is not bookkeeping. */
export type PatientValues = Omit<PatientRow, (typeof BOOKKEEPING)[number]>;
export type PatientValueKey = keyof PatientValues;

const columns = getTableColumns(patients);
const isOneOf = (list: readonly string[]) => (key: string) => list.includes(key);

/** The stored fields in table order (the positional parameters of an INSERT follow it). */
export const VALUE_KEYS = Object.keys(columns).filter(
  (key) => !isOneOf(BOOKKEEPING)(key),
) as PatientValueKey[];

/** The columns the API answers, in table order, as [property, SQL column name]. */
export const ANSWERED_COLUMNS: [keyof PatientRow, string][] = Object.entries(columns)
  .filter(([key]) => !isOneOf(HIDDEN)(key))
  .map(([key, column]) => [key as keyof PatientRow, column.name]);

/** The SQL column name of a stored field. */
export const columnName = (key: PatientValueKey): string => columns[key].name;

// The two definitions must name the same fields: storage flattens `emergencyContact.phone` to
// `emergencyPhone`, nothing else differs. A field added to one side only fails to compile here.
type InputKeys = Exclude<keyof TPatientData, 'emergencyContact'> | 'emergencyPhone';
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const hasSameFields: SameKeys<InputKeys, PatientValueKey> = true;
void hasSameFields;

/**
 * What the form sent, as stored: `email: ''` is no e-mail (null). With a date of birth the age
 * is counted from it to `now`'s day in UTC, whatever age was sent; without one it is required.
 */
export function toStoredValues(input: TPatientData, now: Date = new Date()): PatientValues {
  const { email, emergencyContact, dateOfBirth, age, ...rest } = input;
  return {
    ...rest,
    age: dateOfBirth ? ageOn(dateOfBirth, todayInUtc(now)) : age,
    dateOfBirth: dateOfBirth ? dateOfBirth : null,
    email: email ? email : null,
    emergencyPhone: emergencyContact.phone,
  };
}

/**
 * A live patient's fields the API answers, its times as PostgreSQL prints a UTC timestamp
 * (`2026-11-23 11:42:16.48`) when read by the audited statements: sliced into ISO 8601 by
 * `isoFromUtcText`, cheaper than parsing a Date only to print it back, and than `to_char` in SQL.
 */
export type PatientRecord = Omit<
  PatientRow,
  (typeof HIDDEN)[number] | 'createdAt' | 'updatedAt'
> & {
  createdAt: string;
  updatedAt: string;
};

/**
 * `YYYY-MM-DD HH:MI:SS[.f[f[f]]]` (a UTC timestamp of millisecond precision, as PostgreSQL
 * prints it with the ISO DateStyle node-postgres relies on) as `YYYY-MM-DDTHH:MI:SS.fffZ`.
 */
export function isoFromUtcText(text: string): string {
  const fraction = text.length > 20 ? text.slice(20, 23).padEnd(3, '0') : '000';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
}

/** A time from drizzle (a Date) or from the audited statements (UTC text), as ISO 8601. */
export const iso = (time: Date | string) =>
  typeof time === 'string' ? isoFromUtcText(time) : time.toISOString();

/** Stored fields the answer shapes (renames, nests, omits when empty, recomputes); the rest are copied. */
const SHAPED = ['email', 'emergencyPhone', 'bloodGroup', 'gender', 'dateOfBirth'] as const;
const COPIED_KEYS = VALUE_KEYS.filter((key) => !isOneOf(SHAPED)(key));

/**
 * A stored patient as the API answers it. Built one property at a time in the answer's order,
 * without object spreads or rests: a page of 50 cost five times as much with them.
 */
export function toApiPatient(row: PatientRecord | PatientRow): TPatient {
  const patient: Record<string, unknown> = { _id: row.id };
  for (const key of COPIED_KEYS) patient[key] = row[key];
  // The stored age was right on the day of the save; a date of birth keeps it right.
  if (row.dateOfBirth !== null) {
    patient.dateOfBirth = row.dateOfBirth;
    patient.age = ageOn(row.dateOfBirth, todayInUtc());
  }
  // The table holds text; only the schema's values are ever written to it.
  patient.bloodGroup = row.bloodGroup as TPatient['bloodGroup'];
  patient.gender = row.gender as TPatient['gender'];
  if (row.email !== null) patient.email = row.email;
  patient.emergencyContact = { phone: row.emergencyPhone };
  patient.selfRegistered = row.selfRegistered;
  patient.createdAt = iso(row.createdAt);
  patient.updatedAt = iso(row.updatedAt);
  return patient as TPatient;
}
