import i18next from '../../i18n/i18n.ts';
import { describe, expect, it } from 'vitest';
import { ERRORS, type TErrorCode } from '@portal/shared/errors';
import { LANGUAGES } from '../../i18n/languages.ts';

/**
 * English readers get the API's own `message`; every other language shows the text of its
 * `code` (api-error-alert.tsx), so a code without one would show the branch's generic text.
 * Appointment codes and visit codes must each have one: a new code added
 * to ERRORS fails here until it is translated.
 */
const APPOINTMENT_CODES = (Object.keys(ERRORS) as TErrorCode[]).filter(
  (code) => code.startsWith('APPOINTMENT_') || code.startsWith('VISIT_'),
);

describe('error codes of the appointment and visit routes', () => {
  it('are the ones the API answers', () => {
    expect(APPOINTMENT_CODES.sort()).toEqual([
      'APPOINTMENT_CHANGED',
      'APPOINTMENT_CONFLICT',
      'APPOINTMENT_NOT_FOUND',
      'APPOINTMENT_NOT_OPEN',
      'APPOINTMENT_NOT_REQUESTED',
      'APPOINTMENT_REQUEST_TOO_LATE',
      'VISIT_CHANGED',
      'VISIT_NOT_FOUND',
      'VISIT_NOT_SIGNED',
      'VISIT_SIGNED',
    ]);
  });

  it.each(LANGUAGES.map((language) => language.code).filter((code) => code !== 'en'))(
    'each has its own text in %s, not the English message',
    async (language) => {
      await i18next.loadLanguages(language);
      await i18next.loadNamespaces('auth');
      const t = i18next.getFixedT(language, 'auth');
      for (const code of APPOINTMENT_CODES) {
        const key = `apiErrors.codes.${code}`;
        expect(i18next.exists(`auth:${key}`, { lng: language }), code).toBe(true);
        expect(t(key), code).not.toBe(ERRORS[code].message);
      }
    },
  );
});

/**
 * The refusals of secure messages and their files. The attachments' codes come with the API's
 * files (413 `ATTACHMENT_TOO_LARGE`, 415 `ATTACHMENT_TYPE_NOT_ALLOWED`, 413
 * `ATTACHMENT_QUOTA_EXCEEDED`), so they are listed here rather than read from ERRORS.
 */
const MESSAGE_CODES = [
  'THREAD_NOT_FOUND',
  'THREAD_CLOSED',
  'ATTACHMENT_TOO_LARGE',
  'ATTACHMENT_TYPE_NOT_ALLOWED',
  'ATTACHMENT_QUOTA_EXCEEDED',
];

describe('error codes of the messages routes', () => {
  it('include every THREAD_ code of the shared table', () => {
    const threadCodes = Object.keys(ERRORS).filter((code) => code.startsWith('THREAD_'));
    expect(MESSAGE_CODES).toEqual(expect.arrayContaining(threadCodes));
  });

  it.each(LANGUAGES.map((language) => language.code).filter((code) => code !== 'en'))(
    'each has its own text in %s',
    async (language) => {
      await i18next.loadLanguages(language);
      await i18next.loadNamespaces('auth');
      const t = i18next.getFixedT(language, 'auth');
      for (const code of MESSAGE_CODES) {
        const key = `apiErrors.codes.${code}`;
        expect(i18next.exists(`auth:${key}`, { lng: language }), code).toBe(true);
        expect(t(key), code).not.toBe(
          (ERRORS as Record<string, { message: string } | undefined>)[code]?.message,
        );
      }
    },
  );
});
