import { ZPatient } from '@portal/shared/patient';
import { fieldPaths, valueAt } from '@portal/shared/schema-fields';
import type { PatientRow } from '../../db/schema/patients.ts';
import { toApiPatient } from './patients.fields.ts';

/**
 * One column per field of the API's patient (ZPatient, in its order), nested objects flattened:
 * `_id` is `id`, `emergencyContact.phone` is `emergencyContactPhone`.
 */
const PATHS = fieldPaths(ZPatient);

export const CSV_COLUMNS = PATHS.map(([key, ...inner]) =>
  [key === '_id' ? 'id' : key!, ...inner.map((k) => k[0]!.toUpperCase() + k.slice(1))].join(''),
);

/** What a spreadsheet would run as a formula when a cell starts with it (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180), always quoted: a spreadsheet that splits on `;` (French or German
 * settings) would otherwise cut `Doe;=2+5` into a second cell starting with `=`. A text starting
 * with = + - @ (or a tab or carriage return) also gets a leading apostrophe, so it stays text.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '""';
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function csvRow(row: PatientRow): string {
  const patient = toApiPatient(row);
  return PATHS.map((path) =>
    csvCell((valueAt(patient, path) ?? null) as string | number | boolean | null),
  ).join(',');
}

/** A header row, then one row per patient, CRLF line ends, streamed batch by batch. */
export async function* csvChunks(batches: AsyncIterable<PatientRow[]>): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.map(csvCell).join(',')}\r\n`;
  for await (const rows of batches) {
    yield rows.map((row) => `${csvRow(row)}\r\n`).join('');
  }
}
