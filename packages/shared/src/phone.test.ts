import { describe, expect, it } from 'vitest';
import { displayPhone, phoneRegion, storedPhone, withPhonesReadIn } from './phone.ts';

describe('storedPhone', () => {
  it.each([
    ['+351 912 345 678', null, '+351912345678'],
    ['+351912345678', 'US', '+351912345678'],
    ['912 345 678', 'PT', '+351912345678'],
    ['00351 912 345 678', 'PT', '+351912345678'],
    ['(202) 555-0123', 'US', '+12025550123'],
    ['06 12 34 56 78', 'FR', '+33612345678'],
    ['5551234567', null, '5551234567'],
    ['5551234567', 'PT', '5551234567'],
  ])('stores %s (region %s) as %s', (text, region, stored) => {
    expect(storedPhone(text, region)).toBe(stored);
  });

  it.each([
    ['912 345 678', null],
    ['555-123-4567', null],
    ['+351 112', null],
    ['+999 1234567', null],
    ['12345', 'PT'],
    ['+351 912 345 678 ext 9', 'PT'],
    ['9'.repeat(31), 'PT'],
  ])('refuses %s (region %s)', (text, region) => {
    expect(storedPhone(text, region)).toBeUndefined();
  });

  it('reads a country without phone metadata as no region', () => {
    expect(phoneRegion('AQ')).toBeNull();
    expect(storedPhone('5551234567', 'AQ')).toBe('5551234567');
  });
});

describe('withPhonesReadIn', () => {
  it('puts the numbers dialled in the region in E.164 and leaves the rest to the schema', () => {
    const body = { phone: '912 345 678', emergencyContact: { phone: '12' }, name: 'A' };
    expect(withPhonesReadIn(body, ['phone', 'emergencyContact.phone'], 'PT')).toEqual({
      phone: '+351912345678',
      emergencyContact: { phone: '12' },
      name: 'A',
    });
    expect(body.phone).toBe('912 345 678');
    expect(withPhonesReadIn(body, ['phone'], null)).toBe(body);
    expect(withPhonesReadIn('not an object', ['phone'], 'PT')).toBe('not an object');
    expect(withPhonesReadIn({ emergencyContact: 5 }, ['emergencyContact.phone'], 'PT')).toEqual({
      emergencyContact: 5,
    });
  });
});

describe('displayPhone', () => {
  it('shows a number of the practitioner’s country nationally and any other internationally', () => {
    expect(displayPhone('+351912345678', 'PT')).toBe('912 345 678');
    expect(displayPhone('+351912345678', 'DE')).toBe('+351 912 345 678');
    expect(displayPhone('+351912345678', null)).toBe('+351 912 345 678');
    expect(displayPhone('5551234567', 'PT')).toBe('5551234567');
  });
});
