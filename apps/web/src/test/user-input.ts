import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { TPatientInput } from '@portal/shared/patient';

/** Replaces a field's text in one input event: much faster than typing key by key. */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  if (text) {
    await user.click(field);
    await user.paste(text);
  }
}

/**
 * Fills the patient form's required fields (English labels) with `patient`'s values; the optional
 * ones (e-mail, chronic diseases) stay as they are.
 */
export async function fillPatientForm(user: UserEvent, patient: TPatientInput): Promise<void> {
  await fill(user, screen.getByLabelText('Name'), patient.name);
  await fill(user, screen.getByLabelText('Diagnosed with'), patient.diagnosedWith);
  await fill(user, screen.getByLabelText('Address'), patient.address);
  await fill(user, screen.getByLabelText('Age'), String(patient.age));
  await user.selectOptions(screen.getByLabelText('Blood group'), patient.bloodGroup);
  await user.selectOptions(screen.getByLabelText('Gender'), patient.gender);
  await fill(user, screen.getByLabelText('Phone number'), patient.phone);
  await fill(
    user,
    screen.getByLabelText('Emergency contact phone'),
    patient.emergencyContact.phone,
  );
}
