import type { TFunction } from '../../i18n/translator.ts';
import type { PATIENT_GENDERS } from '@portal/shared/patient';

type Gender = (typeof PATIENT_GENDERS)[number];

const GENDER_KEYS: Record<Gender, string> = {
  Male: 'genders.male',
  Female: 'genders.female',
  Other: 'genders.other',
  'Prefer not to say': 'genders.preferNotToSay',
};

/** A gender value (stored in English, as the API speaks it) in the reader's language. */
export function genderLabel(t: TFunction, gender: string): string {
  const key = GENDER_KEYS[gender as Gender];
  return key ? t(key) : gender;
}

/** Label keys (`fields.*` in the locales) that are not the field's dotted path. */
const LABEL_KEYS: Record<string, string> = { 'emergencyContact.phone': 'emergencyPhone' };

/** A patient field's label (`emergencyContact.phone` and the others), for the form and the details. */
export function fieldLabel(t: TFunction, name: string): string {
  return t(`fields.${LABEL_KEYS[name] ?? name}`);
}
