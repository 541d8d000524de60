import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats.ts';

describe('Intl formatters made once', () => {
  it('answers the same formatter for the same language and options, another for others', () => {
    const medium = dateTimeFormat('de', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(dateTimeFormat('de', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(medium);
    expect(dateTimeFormat('fr', { dateStyle: 'medium', timeZone: 'UTC' })).not.toBe(medium);
    expect(dateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' })).not.toBe(medium);
    expect(medium.format(new Date('2026-11-28T00:00:00Z'))).toBe('28.11.2026');
    expect(numberFormat('ar')).toBe(numberFormat('ar'));
  });
});
