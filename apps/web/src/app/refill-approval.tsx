import { PrescriptionForm } from '../features/clinical/prescription-form.tsx';
import type { RefillApprovalSlot } from '../features/medicines/refill-requests-section.tsx';

/**
 * Approving a refill is prescribing again: the clinical feature's prescription form, filled in
 * from the old prescription and saved by the approval route (medicines), with the same allergy
 * warning and acknowledgement.
 */
export const refillApprovalForm: RefillApprovalSlot = ({ prescription, label, submit, onDone }) => (
  <PrescriptionForm
    patientId={prescription.patientId}
    startFrom={prescription}
    submit={submit}
    label={label}
    onDone={onDone}
  />
);
