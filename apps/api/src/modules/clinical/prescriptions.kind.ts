import { PRESCRIPTION_KIND, ZPrescription, ZPrescriptionInput } from '@portal/shared/prescription';
import { prescriptions } from '../../db/schema/clinical.ts';
import { defineApiKind } from '../../kinds/kind.ts';
import { toFhirPrescription } from './clinical.fhir.ts';
import { prescriptionStore, toApiPrescription } from './prescriptions.fields.ts';

const medication = "btrim(medication || ' ' || strength)";

const example = () => ({
  medication: 'Ibuprofen',
  strength: '400 mg',
  dose: '1 tablet',
  route: 'oral',
  frequency: 'three times a day',
  duration: '5 days',
  instructions: 'With food',
});

/**
 * Prescriptions as the API registry lists them: two timeline entries each, when written and,
 * once stopped, when stopped. Their routes and rules are this module's.
 */
export const prescriptionKind = defineApiKind({
  shared: PRESCRIPTION_KIND,
  table: prescriptions,
  store: prescriptionStore,
  fhirType: 'MedicationRequest',
  toFhir: toFhirPrescription,
  toApi: toApiPrescription,
  schemas: { input: ZPrescriptionInput, item: ZPrescription },
  timeline: {
    'prescription-started': {
      at: 'created_at',
      summary: medication,
      detail: "''",
      state: 'status',
    },
    'prescription-stopped': {
      at: 'stopped_at',
      summary: medication,
      detail: 'stop_reason',
      state: 'status',
      only: 'stopped_at is not null',
    },
  },
  example: { body: example, changed: () => ({ ...example(), strength: '200 mg' }) },
});
