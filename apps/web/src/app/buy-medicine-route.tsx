import { PharmacyPicker } from '../features/directory/pharmacy-picker.tsx';
import { BuyMedicinePage } from '../features/medicines/buy-medicine-page.tsx';
import type { PharmacyPickerSlot } from '../features/medicines/send-to-pharmacy.tsx';

/** The directory's pharmacy search, where the medicines' screens choose a pharmacy. */
export const pharmacyPicker: PharmacyPickerSlot = (props) => <PharmacyPicker {...props} />;

/**
 * `/buy-medicine`: the patient's prescriptions (medicines) sent to a pharmacy found in the
 * directory, composed here since features stay apart.
 */
export function BuyMedicineRoute() {
  return <BuyMedicinePage pharmacyPicker={pharmacyPicker} />;
}
