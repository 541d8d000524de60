import type { TAllergy, TAllergyInput } from '@portal/shared/allergy';
import type { TPrescription, TPrescriptionInput } from '@portal/shared/prescription';
import type { TestContext } from '../app.ts';
import { expectStatus, patientEntityFactory } from './entity.ts';

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

export const {
  url: allergiesUrl,
  post: postAllergy,
  create: createAllergy,
} = patientEntityFactory<TAllergyInput, TAllergy>({
  what: 'allergy',
  segment: 'allergies',
  input: allergyInput,
});

export const {
  url: prescriptionsUrl,
  post: postPrescription,
  put: putPrescription,
  postAction: postPrescriptionAction,
  create: createPrescription,
} = patientEntityFactory<TPrescriptionInput, TPrescription>({
  what: 'prescription',
  segment: 'prescriptions',
  input: prescriptionInput,
});

export async function stopPrescription(
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
  prescription: Pick<TPrescription, '_id' | 'patientId'>,
  reason: string,
): Promise<TPrescription> {
  const response = await postPrescriptionAction(ctx, headers, prescription, 'stop', { reason });
  return expectStatus<TPrescription>(response, 200, 'stopping the prescription');
}
