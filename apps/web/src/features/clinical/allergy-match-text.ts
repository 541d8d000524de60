import type { TAllergyMatchLevel } from '@portal/shared/drug-class-match';
import type { TDrugClassCode } from '@portal/shared/drug-classes';

/** One medication meeting one allergy, as the warning and the reverse listing both name it. */
export interface MetAllergy {
  medication: string;
  substance: string;
  level: TAllergyMatchLevel;
  drugClass: TDrugClassCode | null;
}

/**
 * The sentence that says why a medication meets an allergy, in the reader's language: its drug
 * class ('Amoxicillin is a penicillin; …'), a cross-reactive class (said to be a caution), or
 * the substance's words alone.
 */
export function allergyMatchText(
  t: (key: string, values: Record<string, string>) => string,
  { medication, substance, level, drugClass }: MetAllergy,
): string {
  if (drugClass === null) return t('warning.wordMatch', { medication, substance });
  const values = { medication, substance, drugClass: t(`drugClass.${drugClass}`, {}) };
  return t(level === 'caution' ? 'warning.caution' : 'warning.classMatch', values);
}
