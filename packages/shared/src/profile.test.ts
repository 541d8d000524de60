import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageFor } from './field-message.ts';
import { completeProfile } from './profile.factories.ts';
import { PROFILE_MESSAGES, profileInputFor, ZProfileInput } from './profile.ts';

const valid = completeProfile();

/** What every optional field left blank or out is stored as. */
const NOT_GIVEN = { age: null, gender: null, address: null, phone: null, picture: null };

describe('ZProfileInput', () => {
  it('accepts a complete profile unchanged', () => {
    expect(ZProfileInput.parse(valid)).toEqual(valid);
  });

  it('accepts only name and email, storing the rest as null', () => {
    expect(ZProfileInput.parse({ name: 'Sam', email: 'sam@example.com' })).toEqual({
      name: 'Sam',
      email: 'sam@example.com',
      ...NOT_GIVEN,
    });
  });

  it('treats empty and blank optional fields as not given', () => {
    const parsed = ZProfileInput.parse({
      ...valid,
      age: '',
      gender: '',
      address: '   ',
      phone: '',
      picture: '',
    });
    expect(parsed).toMatchObject(NOT_GIVEN);
  });

  it('takes the age the form types as text and trims text fields', () => {
    expect(ZProfileInput.parse({ ...valid, age: ' 0 ', name: '  Sam  ' })).toMatchObject({
      age: 0,
      name: 'Sam',
    });
  });

  it.each([
    ['name', { name: '' }, PROFILE_MESSAGES.nameRequired],
    ['name', { name: '   ' }, PROFILE_MESSAGES.nameRequired],
    ['name', { name: undefined }, PROFILE_MESSAGES.nameRequired],
    ['name', { name: 'x'.repeat(101) }, PROFILE_MESSAGES.nameTooLong],
    ['email', { email: 'not-an-email' }, PROFILE_MESSAGES.emailInvalid],
    ['email', { email: 'a@b' }, PROFILE_MESSAGES.emailInvalid],
    ['email', { email: 'a b@c.de' }, PROFILE_MESSAGES.emailInvalid],
    ['email', { email: '' }, PROFILE_MESSAGES.emailInvalid],
    ['age', { age: -1 }, PROFILE_MESSAGES.ageInvalid],
    ['age', { age: '-1' }, PROFILE_MESSAGES.ageInvalid],
    ['age', { age: 'abc' }, PROFILE_MESSAGES.ageInvalid],
    ['age', { age: '12abc' }, PROFILE_MESSAGES.ageInvalid],
    ['age', { age: true }, PROFILE_MESSAGES.ageInvalid],
    ['age', { age: 30.5 }, PROFILE_MESSAGES.ageWhole],
    ['age', { age: 151 }, PROFILE_MESSAGES.ageTooHigh],
    ['gender', { gender: 'Male' }, PROFILE_MESSAGES.genderInvalid],
    ['gender', { gender: 'unknown' }, PROFILE_MESSAGES.genderInvalid],
    ['gender', { gender: 3 }, PROFILE_MESSAGES.genderInvalid],
    ['phone', { phone: '12345' }, PROFILE_MESSAGES.phoneInvalid],
    ['phone', { phone: '55512345678' }, PROFILE_MESSAGES.phoneInvalid],
    ['phone', { phone: '555-123-456' }, PROFILE_MESSAGES.phoneInvalid],
    ['phone', { phone: 5551234567 }, PROFILE_MESSAGES.phoneInvalid],
    ['address', { address: 'x'.repeat(501) }, PROFILE_MESSAGES.addressTooLong],
    ['picture', { picture: 'http://images.example.com/a.jpg' }, PROFILE_MESSAGES.pictureInvalid],
    ['picture', { picture: 'javascript:alert(1)' }, PROFILE_MESSAGES.pictureInvalid],
    ['picture', { picture: 'not a url' }, PROFILE_MESSAGES.pictureInvalid],
    [
      'picture',
      { picture: `https://example.com/${'a'.repeat(2100)}` },
      PROFILE_MESSAGES.pictureInvalid,
    ],
  ])('rejects %s with the message (%j)', (field, change, message) => {
    expect(messageFor(ZProfileInput, { ...valid, ...change }, field)).toBe(message);
  });

  it('rejects unknown fields', () => {
    const result = ZProfileInput.safeParse({ ...valid, premiumMember: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('accepts every whole age from 0 to 150, as number or text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 150 }), fc.boolean(), (age, asText) => {
        const parsed = ZProfileInput.parse({ ...valid, age: asText ? String(age) : age });
        expect(parsed.age).toBe(age);
      }),
    );
  });

  it('accepts exactly the 10-digit phones without + while no practice country is set', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 14 }), (phone) => {
        const ok = ZProfileInput.safeParse({ ...valid, phone }).success;
        expect(ok).toBe(phone.trim() === '' || /^\d{10}$/.test(phone.trim()));
      }),
    );
  });

  it('reads the phone in the practice country and stores it in E.164', () => {
    expect(profileInputFor('PT').parse({ ...valid, phone: '912 345 678' }).phone).toBe(
      '+351912345678',
    );
    expect(ZProfileInput.parse({ ...valid, phone: '+1 202 555 0123' }).phone).toBe('+12025550123');
    expect(messageFor(profileInputFor('PT'), { ...valid, phone: '12' }, 'phone')).toBe(
      PROFILE_MESSAGES.phoneInvalid,
    );
  });

  it('keeps every message distinct, so the web app can translate by key', () => {
    const texts = Object.values(PROFILE_MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
