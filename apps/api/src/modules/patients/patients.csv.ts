import type { PatientRow } from '../../db/schema/patients.ts';

export const CSV_COLUMNS = [
  'id',
  'name',
  'diagnosedWith',
  'address',
  'age',
  'bloodGroup',
  'gender',
  'email',
  'phone',
  'emergencyContactPhone',
  'hasChronicDiseases',
  'createdAt',
  'updatedAt',
] as const;

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
  return [
    row.id,
    row.name,
    row.diagnosedWith,
    row.address,
    row.age,
    row.bloodGroup,
    row.gender,
    row.email,
    row.phone,
    row.emergencyPhone,
    row.hasChronicDiseases,
    row.createdAt.toISOString(),
    row.updatedAt.toISOString(),
  ]
    .map(csvCell)
    .join(',');
}

/** A header row, then one row per patient, CRLF line ends, streamed batch by batch. */
export async function* csvChunks(batches: AsyncIterable<PatientRow[]>): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  for await (const rows of batches) {
    yield rows.map((row) => `${csvRow(row)}\r\n`).join('');
  }
}
