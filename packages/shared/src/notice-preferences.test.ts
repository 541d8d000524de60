import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTICE_PREFERENCES,
  noticePreferencesOf,
  ZNoticePreferences,
} from './notice-preferences.ts';

describe('ZNoticePreferences', () => {
  it('accepts every kind with a yes or no', () => {
    const input = {
      'appointment-reminders': false,
      'link-notices': true,
      'patient-appointment-reminders': true,
      'correction-notices': true,
      'message-notices': false,
      'medicine-notices': false,
    };
    expect(ZNoticePreferences.parse(input)).toEqual(input);
  });

  it('refuses an unknown kind, a missing one and a value that is not a boolean', () => {
    expect(
      ZNoticePreferences.safeParse({ ...DEFAULT_NOTICE_PREFERENCES, newsletter: true }).success,
    ).toBe(false);
    const { 'link-notices': _dropped, ...missing } = DEFAULT_NOTICE_PREFERENCES;
    expect(ZNoticePreferences.safeParse(missing).success).toBe(false);
    expect(
      ZNoticePreferences.safeParse({ ...DEFAULT_NOTICE_PREFERENCES, 'link-notices': 'no' }).success,
    ).toBe(false);
  });
});

describe('noticePreferencesOf', () => {
  it('answers every kind e-mailed when nothing was chosen', () => {
    expect(noticePreferencesOf({})).toEqual({
      'appointment-reminders': true,
      'link-notices': true,
      'patient-appointment-reminders': true,
      'correction-notices': true,
      'message-notices': true,
      'medicine-notices': true,
    });
  });

  it('keeps the choices made, and ignores what is not a known kind or a boolean', () => {
    expect(
      noticePreferencesOf({ 'link-notices': false, 'appointment-reminders': 'no', other: false }),
    ).toEqual({ ...DEFAULT_NOTICE_PREFERENCES, 'link-notices': false });
  });
});
