import type { TAllergy, TAllergyInput } from '@portal/shared/allergy';
import type { TPrescription, TPrescriptionInput } from '@portal/shared/prescription';
import type { TestContext } from '../app.ts';

/** Test factories for allergies and prescriptions (imported by tests only). */

type Headers = Record<string, string>;

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

export function postAllergy(
  ctx: Pick<TestContext, 'app'>,
  headers: Headers,
  patientId: string,
  input: Partial<TAllergyInput> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/records/patients/${patientId}/allergies`,
    headers,
    payload: allergyInput(input),
  });
}

export function postPrescription(
  ctx: Pick<TestContext, 'app'>,
  headers: Headers,
  patientId: string,
  input: Partial<TPrescriptionInput> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/records/patients/${patientId}/prescriptions`,
    headers,
    payload: prescriptionInput(input),
  });
}

export async function createAllergy(...args: Parameters<typeof postAllergy>): Promise<TAllergy> {
  const response = await postAllergy(...args);
  if (response.statusCode !== 201) throw new Error(`allergy failed: ${response.body}`);
  return response.json();
}

export async function createPrescription(
  ...args: Parameters<typeof postPrescription>
): Promise<TPrescription> {
  const response = await postPrescription(...args);
  if (response.statusCode !== 201) throw new Error(`prescription failed: ${response.body}`);
  return response.json();
}
