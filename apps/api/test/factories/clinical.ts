import type { TAllergy, TAllergyInput } from '@portal/shared/allergy';
import type { TPrescription, TPrescriptionInput } from '@portal/shared/prescription';
import { patientEntityFactory } from './entity.ts';

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

export const { post: postAllergy, create: createAllergy } = patientEntityFactory<
  TAllergyInput,
  TAllergy
>({
  what: 'allergy',
  segment: 'allergies',
  input: allergyInput,
});

export const { post: postPrescription, create: createPrescription } = patientEntityFactory<
  TPrescriptionInput,
  TPrescription
>({
  what: 'prescription',
  segment: 'prescriptions',
  input: prescriptionInput,
});
