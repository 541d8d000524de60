import { z } from 'zod';

/**
 * The frame of a stored entity as the API answers it: its id first and its timestamps last, as
 * every table keeps them (`ownedRow()` and `timestamps()` in apps/api/src/db/schema).
 */
export function entityAnswer<const T extends z.core.$ZodShape>(fields: T) {
  return z.object({ _id: z.uuid(), ...fields, createdAt: z.string(), updatedAt: z.string() });
}

/** A record about one patient (`patientRecord()` of the tables): the patient's id after its own. */
export function patientRecordAnswer<const T extends z.core.$ZodShape>(fields: T) {
  return entityAnswer({ patientId: z.uuid(), ...fields });
}
