import type { TAllergy, TAllergyInput } from '@portal/shared/allergy';
import type { TPrescription, TPrescriptionInput } from '@portal/shared/prescription';
import type { AuthHeaders } from '../app.ts';
import { type App, patientEntityFactory, type Stored } from './entity.ts';

/** Test factories for allergies and prescriptions (imported by tests only). */

export const allergyInput = (input: Partial<TAllergyInput> = {}): TAllergyInput => ({
  substance: 'Penicillin',
  reaction: 'Hives',
  severity: 'severe',
  ...input,
});

export const prescriptionInput = (input: Partial<TPrescriptionInput> = {}): TPrescriptionInput => ({
  medication: 'Ibuprofen',
  strength: '400 mg',
  dose: '1 tablet',
  route: 'oral',
  frequency: 'three times a day',
  duration: '5 days',
  instructions: 'With food',
  ...input,
});

export const { url: allergiesUrl, create: createAllergy } = patientEntityFactory<
  TAllergyInput,
  TAllergy
>({
  what: 'allergy',
  segment: 'allergies',
  input: allergyInput,
});

const prescriptions = patientEntityFactory<TPrescriptionInput, TPrescription>({
  what: 'prescription',
  segment: 'prescriptions',
  input: prescriptionInput,
});
export const {
  url: prescriptionsUrl,
  post: postPrescription,
  put: putPrescription,
  postAction: postPrescriptionAction,
  create: createPrescription,
} = prescriptions;

/** Stops a prescription for `reason`: the prescription as stopped. */
export const stopPrescription = (
  ctx: App,
  headers: AuthHeaders,
  prescription: Stored,
  reason: string,
) => prescriptions.act(ctx, headers, prescription, 'stop', { reason });
