import { describe, expect, it } from 'vitest';
import { messageFor } from './field-message.ts';
import { COUNTRY_CODES, EMPTY_PRACTICE, PRACTICE_MESSAGES, ZPracticeInput } from './practice.ts';
import { practiceInput } from './practice.factories.ts';

const full = practiceInput();

describe('ZPracticeInput', () => {
  it('stores a full practice, its phone in E.164 read in the practice country', () => {
    expect(ZPracticeInput.parse(full)).toEqual({ ...full, phone: '+351221234567' });
  });

  it('stores absent and blank fields as null', () => {
    expect(ZPracticeInput.parse({})).toEqual(EMPTY_PRACTICE);
    const blanks = Object.fromEntries(Object.keys(full).map((key) => [key, '']));
    expect(ZPracticeInput.parse(blanks)).toEqual(EMPTY_PRACTICE);
    expect(ZPracticeInput.parse({ ...blanks, cancellationNoticeHours: '48' })).toMatchObject({
      cancellationNoticeHours: 48,
    });
  });

  it.each([
    ['name', { name: 'x'.repeat(201) }, PRACTICE_MESSAGES.nameTooLong],
    ['name', { name: 'Two\nlines' }, PRACTICE_MESSAGES.nameTooLong],
    ['street', { street: 'x'.repeat(301) }, PRACTICE_MESSAGES.streetTooLong],
    ['postalCode', { postalCode: '4050_262' }, PRACTICE_MESSAGES.postalCodeInvalid],
    ['city', { city: 'y'.repeat(101) }, PRACTICE_MESSAGES.cityTooLong],
    ['country', { country: 'pt' }, PRACTICE_MESSAGES.countryInvalid],
    ['country', { country: 'XX' }, PRACTICE_MESSAGES.countryInvalid],
    ['country', { country: 'PRT' }, PRACTICE_MESSAGES.countryInvalid],
    ['phone', { phone: '12' }, PRACTICE_MESSAGES.phoneInvalid],
    ['phone', { country: '', phone: '912 345 678' }, PRACTICE_MESSAGES.phoneInvalid],
    [
      'registrationNumber',
      { registrationNumber: 'A<1>' },
      PRACTICE_MESSAGES.registrationNumberInvalid,
    ],
    [
      'cancellationNoticeHours',
      { cancellationNoticeHours: 169 },
      PRACTICE_MESSAGES.cancellationNoticeInvalid,
    ],
    [
      'cancellationNoticeHours',
      { cancellationNoticeHours: -1 },
      PRACTICE_MESSAGES.cancellationNoticeInvalid,
    ],
    [
      'cancellationNoticeHours',
      { cancellationNoticeHours: 1.5 },
      PRACTICE_MESSAGES.cancellationNoticeInvalid,
    ],
    [
      'cancellationNoticeHours',
      { cancellationNoticeHours: '2e1' },
      PRACTICE_MESSAGES.cancellationNoticeInvalid,
    ],
  ])('refuses %s with its message (%j)', (field, change, message) => {
    expect(messageFor(ZPracticeInput, { ...full, ...change }, field)).toBe(message);
  });

  it('refuses unknown fields', () => {
    expect(ZPracticeInput.safeParse({ ...full, ownerId: 'x' }).success).toBe(false);
  });

  it('knows every ISO 3166-1 alpha-2 code once', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
  });

  it('keeps every message distinct, so the web app can translate by key', () => {
    const texts = Object.values(PRACTICE_MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
