import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from '@portal/shared/audit';
import { PATIENT_GENDERS } from '@portal/shared/patient';
import { genderLabel } from './patient-text.ts';

const t = i18next.getFixedT('en', 'records');

describe('records texts', () => {
  it('has a text for every audit action and outcome the API can answer', async () => {
    await i18next.loadLanguages('ar');
    for (const action of AUDIT_ACTIONS) {
      expect(i18next.exists(`records:activity.actions.${action}`), action).toBe(true);
    }
    for (const outcome of AUDIT_OUTCOMES) {
      expect(i18next.exists(`records:activity.outcomes.${outcome}`), outcome).toBe(true);
    }
  });

  it('labels the four genders', () => {
    expect(PATIENT_GENDERS.map((gender) => genderLabel(t, gender))).toEqual([
      'Male',
      'Female',
      'Other',
      'Prefer not to say',
    ]);
  });
});
