import type { TAllergy, TAllergyInput } from '@portal/shared/allergy';
import type { TPrescription, TPrescriptionInput } from '@portal/shared/prescription';
import { allergyKind } from '../../src/modules/clinical/allergies.kind.ts';
import { prescriptionKind } from '../../src/modules/clinical/prescriptions.kind.ts';
import type { AuthHeaders } from '../app.ts';
import { type App, patientEntityFactory, type Stored } from './entity.ts';

/** Test factories for allergies and prescriptions (imported by tests only). */

/** The kinds' own examples (src/kinds/registry.ts), with the test's fields over them. */
export const allergyInput = (input: Partial<TAllergyInput> = {}): TAllergyInput => ({
  ...(allergyKind.example.body() as TAllergyInput),
  ...input,
});

export const prescriptionInput = (input: Partial<TPrescriptionInput> = {}): TPrescriptionInput => ({
  ...(prescriptionKind.example.body() as TPrescriptionInput),
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
