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

/**
 * One CSV cell (RFC 4180). A text starting with = + - @ (or a tab or carriage return) would run
 * as a formula in a spreadsheet, so it gets a leading apostrophe (OWASP's CSV injection advice).
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(row: PatientRow): string {
  const patient = toApiPatient(row);
  return PATHS.map((path) =>
    csvCell((valueAt(patient, path) ?? null) as string | number | boolean | null),
  ).join(',');
}

/** A header row, then one row per patient, CRLF line ends, streamed batch by batch. */
export async function* csvChunks(batches: AsyncIterable<PatientRow[]>): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  for await (const rows of batches) {
    yield rows.map((row) => `${csvRow(row)}\r\n`).join('');
  }
}
