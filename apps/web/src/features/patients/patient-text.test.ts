import i18n from '../../i18n/i18n.ts';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from '@portal/shared/audit';
import { PATIENT_GENDERS } from '@portal/shared/patient';
import { genderLabel } from './patient-text.ts';

const t = i18n.getFixedT('en', 'records');

describe('records texts', () => {
  it('has a text for every audit action and outcome the API can answer', async () => {
    await i18n.loadLanguages('ar');
    for (const action of AUDIT_ACTIONS) {
      expect(i18n.exists(`records:activity.actions.${action}`), action).toBe(true);
    }
    for (const outcome of AUDIT_OUTCOMES) {
      expect(i18n.exists(`records:activity.outcomes.${outcome}`), outcome).toBe(true);
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
