import { createMedicinesContext, type MedicinesDeps } from './medicines.context.ts';
import { createPharmacySide } from './medicines.pharmacy.ts';
import { createRefills } from './medicines.refills.ts';

/**
 * Refill requests (medicines.refills.ts) and sending a prescription to a pharmacy, with the
 * pharmacy's list and its ready and dispensed actions (medicines.pharmacy.ts). Every read and
 * change is audited; someone else's id is a 404.
 */
export function createMedicinesService(deps: MedicinesDeps) {
  const context = createMedicinesContext(deps);
  return { ...createRefills(context), ...createPharmacySide(context) };
}

export type MedicinesService = ReturnType<typeof createMedicinesService>;
