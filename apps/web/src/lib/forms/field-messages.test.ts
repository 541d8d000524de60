import i18next from '../../i18n/i18n.ts';
import { describe, expect, it } from 'vitest';
import { MESSAGE_CODES, messageCodeOf } from '@portal/shared/messages';
import { PAGE_MESSAGES, PATIENT_MESSAGES } from '@portal/shared/patient';
import { APPOINTMENT_MESSAGES } from '@portal/shared/appointment';
import { PROFILE_MESSAGES, SCHEDULE_MESSAGES } from '@portal/shared/profile';
import { VISIT_MESSAGES } from '@portal/shared/visit';
import { ALLERGY_MESSAGES } from '@portal/shared/allergy';
import { CLINICAL_TEXT_MESSAGES } from '@portal/shared/clinical-text';
import { PRESCRIPTION_MESSAGES } from '@portal/shared/prescription';
import { NAMESPACES as EVERY_NAMESPACE } from '../../i18n/i18n.ts';
import { LANGUAGES } from '../../i18n/languages.ts';
import { fieldMessageKey, fieldMessageText } from './field-messages.ts';

/** The messages of the forms' fields; with the list pages' ones, every shared message. */
const FIELD_MESSAGES = [
  ...Object.values(PATIENT_MESSAGES),
  ...Object.values(PROFILE_MESSAGES),
  ...Object.values(APPOINTMENT_MESSAGES),
  ...Object.values(SCHEDULE_MESSAGES),
  ...Object.values(VISIT_MESSAGES),
  ...Object.values(ALLERGY_MESSAGES),
  ...Object.values(PRESCRIPTION_MESSAGES),
  ...Object.values(CLINICAL_TEXT_MESSAGES),
];
const ENGLISH = [...FIELD_MESSAGES, ...Object.values(PAGE_MESSAGES)];
const NAMESPACES = ['common', 'appointments', 'profile', 'visits', 'clinical'];

describe('fieldMessageText', () => {
  it('keeps every shared message in English exactly as the spec writes it', async () => {
    await i18next.loadNamespaces(NAMESPACES);
    const en = i18next.getFixedT('en');
    for (const message of FIELD_MESSAGES) {
      expect(fieldMessageText(en, message)).toBe(message);
    }
  });

  it('has a translation of every message code in every other language, none in English', async () => {
    const others = LANGUAGES.map((language) => language.code).filter((code) => code !== 'en');
    await i18next.loadLanguages([...others, 'en']);
    await i18next.loadNamespaces(NAMESPACES);
    expect(MESSAGE_CODES.length).toBeGreaterThan(20);
    for (const language of others) {
      const t = i18next.getFixedT(language);
      for (const message of ENGLISH) {
        const code = messageCodeOf(message);
        expect(
          i18next.exists(fieldMessageKey(code!), { lng: language }),
          `${language} ${code}`,
        ).toBe(true);
        expect(fieldMessageText(t, message), `${language} ${code}`).not.toBe(message);
      }
    }
  });

  it('has a text for every shared message code, each kind in its own namespace, in every language', async () => {
    const languages = LANGUAGES.map((language) => language.code);
    await i18next.loadLanguages(languages);
    await i18next.loadNamespaces([...EVERY_NAMESPACE]);
    const missing = languages.flatMap((language) =>
      MESSAGE_CODES.filter((code) => !i18next.exists(fieldMessageKey(code), { lng: language })).map(
        (code) => `${language} ${fieldMessageKey(code)}`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it('never shows an unknown server text as sent, in any language', async () => {
    await i18next.loadLanguages('ar');
    expect(
      fieldMessageText(i18next.getFixedT('ar'), 'q must be one text of at most 100 characters'),
    ).toBe('يرجى التحقق من هذا الحقل.');
    expect(fieldMessageText(i18next.getFixedT('en'), 'Something the server said')).toBe(
      'Please check this field.',
    );
  });
});
