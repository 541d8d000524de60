import { describe, expect, it } from 'vitest';
import { isoFromUtcText } from './patients.fields.ts';

describe('isoFromUtcText', () => {
  it('turns the UTC text PostgreSQL prints into the ISO 8601 the API answers', () => {
    expect(isoFromUtcText('2026-11-23 11:42:16.484')).toBe('2026-11-23T11:42:16.484Z');
  });

  it('pads the milliseconds PostgreSQL leaves out', () => {
    expect(isoFromUtcText('2026-11-23 11:42:16.48')).toBe('2026-11-23T11:42:16.480Z');
    expect(isoFromUtcText('2026-11-23 11:42:16.4')).toBe('2026-11-23T11:42:16.400Z');
    expect(isoFromUtcText('2026-11-23 11:42:16')).toBe('2026-11-23T11:42:16.000Z');
  });

  it('agrees with Date for any millisecond', () => {
    for (let ms = 0; ms < 1000; ms += 7) {
      const date = new Date(Date.UTC(2026, 0, 31, 23, 59, 59, ms));
      const printed = date
        .toISOString()
        .replace('T', ' ')
        .replace('Z', '')
        .replace(/\.?0+$/, '');
      expect(isoFromUtcText(printed)).toBe(date.toISOString());
    }
  });
});
